package io.kvmapper.cli;

import java.io.OutputStream;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.SerializableString;
import tools.jackson.core.io.SerializedString;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.DefaultPrettyPrinter;

/** JSON generators and parsers over the tool's streams, which closing them leaves open. */
final class JsonOutput {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();

    private static final ObjectWriteContext PRETTY = new ObjectWriteContext.Base() {
        @Override
        public PrettyPrinter getPrettyPrinter() {
            return new DefaultPrettyPrinter();
        }

        @Override
        public boolean hasPrettyPrinter() {
            return true;
        }
    };

    /** Writes each root value on a line of its own: JSON lines. */
    private static final ObjectWriteContext LINES = new ObjectWriteContext.Base() {
        @Override
        public SerializableString getRootValueSeparator(SerializableString defaultSeparator) {
            return NEWLINE;
        }
    };

    private static final SerializableString NEWLINE = new SerializedString("\n");

    private JsonOutput() {
    }

    /**
     * A generator writing one compact JSON value per line to {@code out}; the caller ends the last line (the
     * separator comes before each value after the first).
     */
    static JsonGenerator lines(OutputStream out) {
        return FACTORY.createGenerator(LINES, out);
    }

    /** A generator writing compact JSON to {@code out}. */
    static JsonGenerator compact(OutputStream out) {
        return FACTORY.createGenerator(ObjectWriteContext.empty(), out);
    }

    /** A generator writing indented JSON to {@code out}. */
    static JsonGenerator pretty(OutputStream out) {
        return FACTORY.createGenerator(PRETTY, out);
    }

    /** A parser of {@code text}. */
    static JsonParser parser(String text) {
        return FACTORY.createParser(ObjectReadContext.empty(), text);
    }

    /** A generator writing compact JSON into {@code out}. */
    static JsonGenerator compact(java.io.Writer out) {
        return FACTORY.createGenerator(ObjectWriteContext.empty(), out);
    }
}
