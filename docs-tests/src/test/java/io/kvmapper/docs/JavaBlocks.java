package io.kvmapper.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a Markdown file's {@code java} blocks into Java source files, following the convention that
 * {@code docs/internals/checked-docs.md} documents:
 * <ul>
 *   <li>{@code ```java}: a whole source file, compiled as written (in the file's own package when it names
 *       none); {@code ```java run} also runs its {@code main};</li>
 *   <li>{@code ```java types}: type declarations without imports, compiled with the {@link #IMPORTS standard
 *       imports}, each in a file of its own;</li>
 *   <li>{@code ```java statements}: statements, compiled as the body of a method, with the standard imports;
 *       the {@code <!-- given: ... -->} comment before the block declares what they take for granted (fields,
 *       methods, and {@code import} lines).</li>
 * </ul>
 * Every block of one Markdown file is compiled together, so a later block can use an earlier block's types.
 */
final class JavaBlocks {
    /** What {@code types} and {@code statements} blocks are compiled with: KV Mapper's public packages and the JDK's usual ones. */
    static final List<String> IMPORTS = List.of("io.kvmapper.*", "io.kvmapper.annotation.*", "io.kvmapper.tuple.*",
            "io.kvmapper.spi.*", "io.kvmapper.rocksdb.*", "io.kvmapper.memory.*", "io.kvmapper.cassandra.*",
            "java.util.*", "java.util.function.*", "java.util.stream.*", "java.time.*", "java.nio.file.*",
            "java.net.*");
    static final String TYPES = "types";
    static final String STATEMENTS = "statements";
    static final String RUN = "run";

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "(?m)^public\\s+(?:(?:final|abstract|sealed|non-sealed|strictfp)\\s+)*(?:class|record|interface|enum|@interface)\\s+(\\w+)");
    private static final Pattern ANY_TYPE = Pattern.compile(
            "(?m)^(?:(?:public|final|abstract|sealed|non-sealed|strictfp)\\s+)*(?:class|record|interface|enum|@interface)\\s+(\\w+)");

    /**
     * A source file made from a block.
     *
     * @param packageName its package
     * @param typeName its top-level type
     * @param text its content
     * @param block the block it comes from
     * @param blockLine the line of the block where the file's own text starts, from 1
     * @param headerLines how many lines were put before the block's text
     */
    record Source(String packageName, String typeName, String text, CodeBlock block, int blockLine, int headerLines) {
        String path() {
            return packageName.replace('.', '/') + "/" + typeName + ".java";
        }

        String qualifiedName() {
            return packageName + "." + typeName;
        }

        /** The line of the Markdown file a line of this source file comes from; 0 if from the header. */
        int markdownLine(long sourceLine) {
            long inBlock = sourceLine - headerLines;
            return inBlock < 1 ? 0 : (int) (block.line() + blockLine - 1 + inBlock);
        }
    }

    /** Thrown for a block that does not follow the convention. */
    static final class MalformedBlock extends RuntimeException {
        MalformedBlock(CodeBlock block, String problem) {
            super(block.describe() + ": " + problem + " (see docs/internals/checked-docs.md)");
        }
    }

    private JavaBlocks() {
    }

    /** The package a Markdown file's blocks are compiled in: {@code docs.getting_started} for docs/getting-started.md. */
    static String packageOf(java.nio.file.Path markdown) {
        String path = markdown.toString().replace('\\', '/');
        path = path.substring(0, path.length() - ".md".length());
        if (path.startsWith("docs/")) {
            path = path.substring("docs/".length());
        }
        StringBuilder name = new StringBuilder("docs");
        for (String segment : path.split("/")) {
            name.append('.').append(segment.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_"));
        }
        return name.toString();
    }

    /** The sources of one {@code java} block. */
    static List<Source> sources(CodeBlock block, String packageName) {
        if (block.has(STATEMENTS)) {
            return statements(block, packageName);
        }
        if (block.has(TYPES)) {
            return types(block, packageName);
        }
        for (String flag : block.flags()) {
            if (!flag.equals(RUN)) {
                throw new MalformedBlock(block, "unknown word \"" + flag + "\" after ```java; use types, statements or run");
            }
        }
        return List.of(wholeFile(block, packageName));
    }

    private static Source wholeFile(CodeBlock block, String packageName) {
        String text = block.text();
        Matcher declared = PACKAGE.matcher(text);
        String name = typeName(block, text);
        if (declared.find()) {
            return new Source(declared.group(1), name, text, block, 1, 0);
        }
        return new Source(packageName, name, "package " + packageName + ";\n" + text, block, 1, 1);
    }

    private static List<Source> types(CodeBlock block, String packageName) {
        Header header = header(block, packageName);
        List<Source> sources = new ArrayList<>();
        for (Declaration declaration : Declaration.split(block.text())) {
            sources.add(new Source(packageName, typeName(block, declaration.text()), header.text + declaration.text(),
                    block, declaration.line(), header.lines));
        }
        if (sources.isEmpty()) {
            throw new MalformedBlock(block, "a types block declares no type");
        }
        sources.addAll(givenTypes(block, packageName, header));
        return sources;
    }

    private static List<Source> statements(CodeBlock block, String packageName) {
        // leading import lines of the block join the header; blank lines keep the block's line numbers
        StringBuilder body = new StringBuilder();
        List<String> imports = new ArrayList<>();
        boolean leading = true;
        for (String line : block.text().split("\n", -1)) {
            if (leading && line.strip().startsWith("import ")) {
                imports.add(line.strip());
                body.append('\n');
            } else {
                leading &= line.isBlank();
                body.append(line).append('\n');
            }
        }
        Header header = header(block, packageName, imports);
        String className = "Block" + block.index() + "Line" + block.line();
        String opening = header.text + "@SuppressWarnings(\"unused\")\nclass " + className + " {\n"
                + header.given().members() + "\nvoid run() throws Exception {\n";
        List<Source> sources = new ArrayList<>();
        sources.add(new Source(packageName, className, opening + body + "}\n}\n", block, 1, lines(opening)));
        sources.addAll(givenTypes(block, packageName, header));
        return sources;
    }

    /** The given's types, each a file of its own; messages about them point at the block's start. */
    private static List<Source> givenTypes(CodeBlock block, String packageName, Header header) {
        List<Source> sources = new ArrayList<>();
        for (String type : header.given().types()) {
            sources.add(new Source(packageName, typeName(block, type), header.text + type, block, 1,
                    Integer.MAX_VALUE / 2));
        }
        return sources;
    }

    private record Header(String text, int lines, Given given) {
    }

    private static Header header(CodeBlock block, String packageName) {
        return header(block, packageName, List.of());
    }

    /** The package, the standard imports, the given's and {@code extraImports}; the given's declarations apart. */
    private static Header header(CodeBlock block, String packageName, List<String> extraImports) {
        Given given = Given.parse(block.given());
        StringBuilder text = new StringBuilder("package ").append(packageName).append(";\n");
        for (String imported : IMPORTS) {
            text.append("import ").append(imported).append(";\n");
        }
        for (String imported : given.imports()) {
            text.append(imported).append('\n');
        }
        for (String imported : extraImports) {
            text.append(imported).append('\n');
        }
        return new Header(text.toString(), lines(text.toString()), given);
    }

    /**
     * What a {@code <!-- given: ... -->} comment declares: import lines, top-level types (a declaration that
     * starts, after its annotations and modifiers, with class, record, enum or interface), and members (fields
     * and methods of the class around a statements block).
     */
    record Given(List<String> imports, List<String> types, String members) {
        private static final Pattern TYPE_START = Pattern.compile(
                "(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*(?:(?:public|final|abstract|static|sealed|non-sealed)\\s+)*"
                        + "(?:record|class|enum|interface)\\s+\\w+");

        static Given parse(String text) {
            List<String> imports = new ArrayList<>();
            List<String> types = new ArrayList<>();
            StringBuilder members = new StringBuilder();
            int i = 0;
            while (true) {
                while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                    i++;
                }
                if (i >= text.length()) {
                    break;
                }
                if (text.startsWith("import ", i)) {
                    int end = text.indexOf(';', i);
                    end = end < 0 ? text.length() : end + 1;
                    imports.add(text.substring(i, end));
                    i = end;
                    continue;
                }
                boolean type = TYPE_START.matcher(text).region(i, text.length()).lookingAt();
                int end = endOfDeclaration(text, i, !type);
                String declaration = text.substring(i, end);
                if (type) {
                    types.add(declaration);
                } else {
                    members.append(declaration).append('\n');
                }
                i = end;
            }
            return new Given(imports, types, members.toString());
        }

        /** Where the declaration at {@code from} ends: after its closing brace, or its semicolon at depth 0. */
        private static int endOfDeclaration(String text, int from, boolean semicolonEnds) {
            int depth = 0;
            for (int i = from; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '"' || c == '\'') {
                    i = Declaration.skipQuoted(text, c, i + 1) - 1;
                } else if (c == '{' || c == '(') {
                    depth++;
                } else if (c == '}' || c == ')') {
                    depth--;
                    if (depth == 0 && c == '}') {
                        return i + 1;
                    }
                } else if (c == ';' && depth == 0 && semicolonEnds) {
                    return i + 1;
                }
            }
            return text.length();
        }
    }

    private static String typeName(CodeBlock block, String text) {
        Matcher publicType = PUBLIC_TYPE.matcher(text);
        if (publicType.find()) {
            return publicType.group(1);
        }
        Matcher anyType = ANY_TYPE.matcher(text);
        if (anyType.find()) {
            return anyType.group(1);
        }
        throw new MalformedBlock(block, "declares no class, record, interface or enum at the start of a line;"
                + " mark a block of statements ```java statements");
    }

    private static int lines(String text) {
        return (int) text.chars().filter(c -> c == '\n').count();
    }

    /** A top-level declaration of a block, with the line it starts on. */
    record Declaration(String text, int line) {
        /** The top-level declarations of {@code text}: each ends where its braces close. */
        static List<Declaration> split(String text) {
            List<Declaration> declarations = new ArrayList<>();
            int depth = 0;
            int parens = 0;
            int start = 0;
            int i = 0;
            while (i < text.length()) {
                char c = text.charAt(i);
                if (text.startsWith("//", i)) {
                    i = skipTo(text, "\n", i);
                    continue;
                }
                if (text.startsWith("/*", i)) {
                    i = skipTo(text, "*/", i + 2);
                    continue;
                }
                if (text.startsWith("\"\"\"", i)) {
                    i = skipTo(text, "\"\"\"", i + 3);
                    continue;
                }
                if (c == '"' || c == '\'') {
                    i = skipQuoted(text, c, i + 1);
                    continue;
                }
                if (c == '(') {
                    parens++;
                } else if (c == ')') {
                    parens--;
                } else if (c == '{') {
                    depth++;
                } else if (c == '}') {
                    depth--;
                    if (depth == 0 && parens == 0) {
                        String declaration = text.substring(start, i + 1);
                        int leading = declaration.length() - declaration.stripLeading().length();
                        declarations.add(new Declaration(declaration.stripLeading(),
                                lines(text.substring(0, start + leading)) + 1));
                        start = i + 1;
                    }
                }
                i++;
            }
            return declarations;
        }

        private static int skipTo(String text, String end, int from) {
            int at = text.indexOf(end, from);
            return at < 0 ? text.length() : at + end.length();
        }

        static int skipQuoted(String text, char quote, int from) {
            for (int i = from; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\') {
                    i++;
                } else if (c == quote || c == '\n') {
                    return i + 1;
                }
            }
            return text.length();
        }
    }
}
