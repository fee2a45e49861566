package io.kvmapper.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the fenced code blocks of a Markdown file, with the {@code given} comment before each. */
final class MarkdownBlocks {
    private static final Pattern FENCE = Pattern.compile("^( {0,3})(```+|~~~+)\\s*(.*)$");
    private static final Pattern GIVEN = Pattern.compile("<!--\\s*given:(.*?)-->", Pattern.DOTALL);

    private MarkdownBlocks() {
    }

    /** Every fenced block of {@code root.resolve(file)}, in order. */
    static List<CodeBlock> read(Path root, Path file) throws IOException {
        List<String> lines = Files.readAllLines(root.resolve(file), StandardCharsets.UTF_8);
        List<CodeBlock> blocks = new ArrayList<>();
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String indent = open.group(1);
            String fence = open.group(2);
            String[] info = open.group(3).isBlank() ? new String[0] : open.group(3).strip().split("\\s+");
            StringBuilder text = new StringBuilder();
            int j = i + 1;
            for (; j < lines.size(); j++) {
                String line = lines.get(j);
                if (line.strip().startsWith(fence) && line.strip().replace(fence.substring(0, 1), "").isEmpty()) {
                    break;
                }
                text.append(line.startsWith(indent) ? line.substring(indent.length()) : line.stripLeading())
                        .append('\n');
            }
            String language = info.length == 0 ? "" : info[0];
            int index = counts.merge(language, 1, Integer::sum);
            blocks.add(new CodeBlock(file, index, i + 1, language,
                    info.length == 0 ? List.of() : List.copyOf(Arrays.asList(info).subList(1, info.length)),
                    text.toString(), givenBefore(lines, i)));
            i = j;
        }
        return blocks;
    }

    /** The text of a {@code <!-- given: ... -->} comment ending right before line {@code fence} (blank lines between allowed). */
    private static String givenBefore(List<String> lines, int fence) {
        int end = fence - 1;
        while (end >= 0 && lines.get(end).isBlank()) {
            end--;
        }
        if (end < 0 || !lines.get(end).strip().endsWith("-->")) {
            return "";
        }
        int start = end;
        while (start >= 0 && !lines.get(start).contains("<!--")) {
            start--;
        }
        if (start < 0) {
            return "";
        }
        Matcher given = GIVEN.matcher(String.join("\n", lines.subList(start, end + 1)));
        return given.find() ? given.group(1).strip() : "";
    }
}
