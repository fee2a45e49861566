package io.kvmapper.internal.mapping;

import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.AttributeReader;
import io.kvmapper.internal.codec.AttributeWriter;
import io.kvmapper.internal.codec.ValueBuffer;
import io.kvmapper.internal.codec.ValueCodec;
import io.kvmapper.spi.KeyValue;
import java.util.List;

/** Copies of entities through their codec, for classes whose stored state must not be changed in place. */
public final class Copies {
    private Copies() {
    }

    /** A new instance holding the stored fields of {@code entity} (transient fields are not copied). */
    public static <E> E of(EntityMapping<E> mapping, E entity) {
        AttributeCodec<E> attributes = mapping.attributeCodec();
        if (attributes != null) {
            byte[] key = mapping.keyOf(entity);
            AttributeWriter out = new AttributeWriter(mapping.entityName(), key);
            out.items().add(new KeyValue(key, new byte[0]));
            attributes.write(entity, out);
            List<KeyValue> items = out.items();
            items.sort((a, b) -> java.util.Arrays.compareUnsigned(a.key(), b.key()));
            return attributes.read(new AttributeReader(items));
        }
        ValueCodec<E> codec = mapping.codec();
        ValueBuffer buffer = new ValueBuffer(128);
        codec.encode(entity, buffer);
        byte[] bytes = buffer.toByteArray();
        return codec.decode(bytes, 0, bytes.length);
    }
}
