package io.kvmapper.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Java code block of README.md and of every Markdown file under docs/ compiles against the artifacts, with
 * the processor, and every block marked {@code run} runs without throwing: one test per Markdown file, whose
 * failure names the file, the block, the line and the compiler's message. The convention the blocks follow is in
 * docs/internals/checked-docs.md.
 */
class DocsCompileTest {
    static final Path ROOT = Path.of(System.getProperty("kvmapper.docs.root", "..")).toAbsolutePath().normalize();
    private static final Path WORK = Path.of(System.getProperty("kvmapper.docs.work", "target/docs-blocks"));

    /** README.md and every docs/**.md, relative to the repository root. */
    static List<Path> markdownFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(Path.of("README.md"));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(p -> files.add(ROOT.relativize(p)));
        }
        return files;
    }

    @TestFactory
    Stream<DynamicTest> everyJavaBlockCompiles() throws IOException {
        List<Path> files = markdownFiles();
        assertFalse(files.size() < 2, "found no docs under " + ROOT);
        BlockCompiler compiler = new BlockCompiler(WORK);
        return files.stream().map(file -> DynamicTest.dynamicTest(file.toString(), () -> check(compiler, file)));
    }

    private static void check(BlockCompiler compiler, Path file) throws IOException {
        List<String> problems = new ArrayList<>();
        List<JavaBlocks.Source> sources = new ArrayList<>();
        String packageName = JavaBlocks.packageOf(file);
        for (CodeBlock block : MarkdownBlocks.read(ROOT, file)) {
            if (!block.language().equals("java")) {
                continue;
            }
            try {
                sources.addAll(JavaBlocks.sources(block, packageName));
            } catch (JavaBlocks.MalformedBlock e) {
                problems.add(e.getMessage());
            }
        }
        BlockCompiler.Result result = compiler.compile(file, sources);
        problems.addAll(result.errors());
        if (problems.isEmpty()) {
            for (JavaBlocks.Source source : sources) {
                if (source.block().has(JavaBlocks.RUN)) {
                    Throwable failure = BlockCompiler.run(source, result.classes());
                    if (failure != null) {
                        StringWriter trace = new StringWriter();
                        failure.printStackTrace(new PrintWriter(trace));
                        problems.add(source.block().describe() + ": main threw " + trace);
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " problem(s) in the Java blocks of " + file + ":\n" + String.join("\n", problems));
        }
    }
}
