package io.kvmapper.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/getting-started.md shows, file for file, the project examples/getting-started, which CI builds and runs
 * against freshly installed artifacts: so following the page gives a project that is known to work.
 */
class GettingStartedTest {
    private static final Path PAGE = Path.of("docs", "getting-started.md");
    private static final Path PROJECT = DocsCompileTest.ROOT.resolve("examples/getting-started");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+);");
    private static final Pattern TYPE = Pattern.compile("(?m)^public\\s+(?:final\\s+)?(?:class|record|interface|enum)\\s+(\\w+)");

    @Test
    void thePomOnThePageIsTheExamplesPom() throws IOException {
        List<CodeBlock> poms = MarkdownBlocks.read(DocsCompileTest.ROOT, PAGE).stream()
                .filter(b -> b.language().equals("xml") && b.text().contains("<project")).toList();
        assertEquals(1, poms.size(), "one whole pom.xml on " + PAGE);
        assertEquals(read(PROJECT.resolve("pom.xml")), poms.get(0).text(),
                poms.get(0).describe() + " differs from examples/getting-started/pom.xml");
    }

    @Test
    void everySourceFileOfTheExampleIsOnThePageAsItIs() throws IOException {
        Set<String> shown = new TreeSet<>();
        for (CodeBlock block : MarkdownBlocks.read(DocsCompileTest.ROOT, PAGE)) {
            Matcher packageName = PACKAGE.matcher(block.text());
            Matcher type = TYPE.matcher(block.text());
            if (!block.language().equals("java") || !packageName.find() || !type.find()) {
                continue;
            }
            String path = "src/main/java/" + packageName.group(1).replace('.', '/') + "/" + type.group(1) + ".java";
            assertTrue(Files.exists(PROJECT.resolve(path)), block.describe() + ": examples/getting-started has no " + path);
            assertEquals(read(PROJECT.resolve(path)), block.text(), block.describe() + " differs from " + path);
            shown.add(path);
        }
        Set<String> files = new TreeSet<>();
        try (Stream<Path> sources = Files.walk(PROJECT.resolve("src"))) {
            sources.filter(p -> p.toString().endsWith(".java"))
                    .forEach(p -> files.add(PROJECT.relativize(p).toString().replace('\\', '/')));
        }
        assertEquals(files, shown, "every source file of examples/getting-started is shown on " + PAGE);
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
