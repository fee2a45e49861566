package io.kvmapper.docs;

import java.nio.file.Path;
import java.util.List;

/**
 * A fenced code block of a Markdown file.
 *
 * @param file the Markdown file, relative to the repository root
 * @param index the block's number among the file's blocks of the same language, from 1
 * @param line the line of the opening fence, from 1
 * @param language the first word of the fence's info string ({@code java}, {@code xml}, ...)
 * @param flags the other words of the info string ({@code types}, {@code statements}, {@code run})
 * @param text the block's text, without the fences, its indentation removed
 * @param given the text of a {@code <!-- given: ... -->} comment right before the block, or empty
 */
record CodeBlock(Path file, int index, int line, String language, List<String> flags, String text, String given) {
    boolean has(String flag) {
        return flags.contains(flag);
    }

    /** How failure messages name the block: {@code docs/x.md, java block 3 (line 168, "java statements")}. */
    String describe() {
        String info = (language + " " + String.join(" ", flags)).strip();
        return file.toString().replace('\\', '/') + ", " + language + " block " + index + " (line " + line + ", \"```"
                + info + "\")";
    }
}
