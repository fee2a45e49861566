package io.kvmapper.docs;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles the sources made from one Markdown file's {@code java} blocks with javac, against this JVM's class
 * path and with the processors on it (KV Mapper's, Dagger's), and runs the blocks marked {@code run}.
 */
final class BlockCompiler {
    private final Path work;

    /** A compiler that writes under {@code work} (one directory per Markdown file). */
    BlockCompiler(Path work) {
        this.work = work;
    }

    /** The outcome of compiling one Markdown file's blocks. */
    record Result(List<String> errors, Path classes) {
    }

    Result compile(Path markdown, List<JavaBlocks.Source> sources) throws IOException {
        Path dir = work.resolve(JavaBlocks.packageOf(markdown));
        deleteRecursively(dir);
        Path src = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path generated = Files.createDirectories(dir.resolve("generated"));
        Path schemas = Files.createDirectories(dir.resolve("schemas"));
        Map<String, JavaBlocks.Source> byFile = new HashMap<>();
        List<File> files = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (JavaBlocks.Source source : sources) {
            Path file = src.resolve(source.path());
            if (byFile.containsKey(file.toAbsolutePath().toString())) {
                errors.add(source.block().describe() + ": declares " + source.qualifiedName() + ", which "
                        + byFile.get(file.toAbsolutePath().toString()).block().describe() + " declares too");
                continue;
            }
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.text(), StandardCharsets.UTF_8);
            byFile.put(file.toAbsolutePath().toString(), source);
            files.add(file.toFile());
        }
        if (files.isEmpty()) {
            return new Result(errors, classes);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fileManager = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            String classPath = System.getProperty("java.class.path");
            List<String> options = List.of("--release", "17", "-classpath", classPath, "-processorpath",
                    classPath, "-d", classes.toString(), "-s", generated.toString(),
                    "-Akvmapper.schemaDir=" + schemas, "-Xlint:none", "-implicit:none");
            boolean ok = javac.getTask(null, fileManager, diagnostics, options, null,
                    fileManager.getJavaFileObjectsFromFiles(files)).call();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    errors.add(describe(d, byFile));
                }
            }
            if (!ok && errors.isEmpty()) {
                errors.add(markdown + ": javac failed without an error message");
            }
        }
        return new Result(errors, classes);
    }

    /** Where an error is in the docs: the block, the Markdown line, the compiler's message. */
    private static String describe(Diagnostic<? extends JavaFileObject> d, Map<String, JavaBlocks.Source> byFile) {
        String message = d.getMessage(Locale.ROOT);
        if (d.getSource() == null) {
            return message;
        }
        JavaBlocks.Source source = byFile.get(Path.of(d.getSource().toUri()).toAbsolutePath().toString());
        if (source == null) {
            return "in generated " + Path.of(d.getSource().toUri()).getFileName() + " (from a block): " + message;
        }
        int line = source.markdownLine(d.getLineNumber());
        String at = line == 0 ? "" : ", at line " + line;
        return source.block().describe() + at + ": " + message
                + (line == 0 ? "" : "\n    " + sourceLine(source, d.getLineNumber()).strip());
    }

    private static String sourceLine(JavaBlocks.Source source, long line) {
        String[] lines = source.text().split("\n", -1);
        return line >= 1 && line <= lines.length ? lines[(int) line - 1] : "";
    }

    /** Runs {@code main} of the block's class in a class loader over {@code classes}; what it threw, or null. */
    static Throwable run(JavaBlocks.Source source, Path classes) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                BlockCompiler.class.getClassLoader())) {
            thread.setContextClassLoader(loader);
            Method main = loader.loadClass(source.qualifiedName()).getMethod("main", String[].class);
            main.invoke(null, (Object) new String[0]);
            return null;
        } catch (java.lang.reflect.InvocationTargetException e) {
            return e.getCause();
        } catch (ReflectiveOperationException | IOException e) {
            return e;
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
