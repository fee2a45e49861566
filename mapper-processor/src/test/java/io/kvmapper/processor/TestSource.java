package io.kvmapper.processor;

import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;

/**
 * A Java source file for a test compilation that can say where its text is, so that an assertion
 * names the line it expects a diagnostic on by the code on that line rather than by a bare number.
 */
final class TestSource {
    private final String qualifiedName;
    private final List<String> lines;
    private final JavaFileObject file;

    private TestSource(String qualifiedName, String text) {
        this.qualifiedName = qualifiedName;
        this.lines = text.lines().toList();
        this.file = JavaFileObjects.forSourceString(qualifiedName, text);
    }

    /** The source of the top-level type {@code qualifiedName}. */
    static TestSource of(String qualifiedName, String text) {
        return new TestSource(qualifiedName, text);
    }

    /** The file to compile and to name in {@code inFile(...)}. */
    JavaFileObject file() {
        return file;
    }

    /** The 1-based number of the only line containing {@code snippet}. */
    long line(String snippet) {
        List<Integer> matches = IntStream.range(0, lines.size())
                .filter(i -> lines.get(i).contains(snippet))
                .boxed()
                .toList();
        if (matches.size() != 1) {
            throw new IllegalArgumentException("\"" + snippet + "\" is on " + matches.size() + " lines of "
                    + qualifiedName + "; a snippet must name exactly one line");
        }
        return matches.get(0) + 1;
    }

    /**
     * The 1-based column of {@code token} on the line containing {@code snippet}, where {@code token}
     * is the first occurrence of it inside {@code snippet}.
     */
    long column(String snippet, String token) {
        int inSnippet = snippet.indexOf(token);
        if (inSnippet < 0) {
            throw new IllegalArgumentException("\"" + token + "\" is not in \"" + snippet + "\"");
        }
        String line = lines.get((int) line(snippet) - 1);
        return line.indexOf(snippet) + inSnippet + 1;
    }
}
