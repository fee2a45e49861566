package io.kvmapper.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The wire rules of {@link Proto} that generated codecs never exercise by themselves, because
 * KV Mapper always writes one way: readers accept what other Protobuf writers may write (unpacked
 * repeated scalars, map entries without a key or value), refuse values that do not fit the Java type,
 * and a message whose size computation disagrees with what it writes fails instead of corrupting
 * the value.
 */
class ProtoTest {
    private interface Body {
        void write(CodedOutputStream out) throws IOException;
    }

    private static CodedInputStream encoded(Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        body.write(out);
        out.flush();
        return CodedInputStream.newInstance(bytes.toByteArray());
    }

    @Test
    void repeatedScalarsAreReadPackedAndUnpacked() throws IOException {
        CodedInputStream in = encoded(out -> {
            Proto.writeRepeated(out, 1, List.of(-1, 300), Proto.INT, "packed");
            out.writeSInt32(1, 7);
            out.writeSInt32(1, -8);
        });
        List<Integer> read = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            Proto.readRepeated(in, tag, Proto.INT, read);
        }
        assertEquals(List.of(-1, 300, 7, -8), read);
    }

    @Test
    void mapEntryWithoutKeyOrValueStandsForTheDefaults() throws IOException {
        CodedInputStream in = encoded(out -> {
            out.writeTag(1, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(0);
            out.writeTag(1, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(CodedOutputStream.computeStringSize(1, "k"));
            out.writeString(1, "k");
        });
        Map<String, Instant> read = new LinkedHashMap<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            Proto.readMapEntry(in, tag, Proto.STRING, Proto.INSTANT, read);
        }
        assertEquals(Map.of("", Instant.EPOCH, "k", Instant.EPOCH), read);
    }

    @Test
    void valuesThatDoNotFitTheJavaTypeAreRefused() throws IOException {
        CodedInputStream bytes = encoded(out -> out.writeSInt32(1, 128));
        IllegalStateException tooBig = assertThrows(IllegalStateException.class,
                () -> Proto.readByte(bytes, bytes.readTag()));
        assertEquals("integer 128 does not fit a byte", tooBig.getMessage());

        CodedInputStream chars = encoded(out -> out.writeUInt32(1, 0x1_0000));
        IllegalStateException notAChar = assertThrows(IllegalStateException.class,
                () -> Proto.CHAR.read(chars, chars.readTag()));
        assertEquals("integer 65536 is not a UTF-16 code unit", notAChar.getMessage());

        CodedInputStream uuid = encoded(out -> out.writeByteArray(1, new byte[15]));
        assertThrows(IllegalStateException.class, () -> Proto.UUID_BYTES.read(uuid, uuid.readTag()));
    }

    @Test
    void aFieldOfAnotherWireTypeIsRefusedNamingItsNumber() throws IOException {
        CodedInputStream in = encoded(out -> out.writeString(4, "x"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Proto.readLong(in, in.readTag()));
        assertEquals("field 4 has wire type length-delimited, expected varint", e.getMessage());
    }

    @Test
    void aMessageWhoseSizeDisagreesWithItsFieldsFailsInsteadOfCorruptingTheValue() {
        ProtoType<String> lying = Proto.message(value -> 1, (out, value) -> out.writeString(1, value), in -> "");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> encoded(out -> lying.write(out, 1, "longer than one byte")));
        assertTrue(e.getMessage().contains("an embedded message of 1 bytes wrote 22"), e.getMessage());
    }
}
