package io.kvmapper.runtime;

/** Copies of entities through their codec, for classes whose stored state must not be changed in place. */
public final class Copies {
    private Copies() {
    }

    /** A new instance holding the stored fields of {@code entity} (transient fields are not copied). */
    public static <E> E of(ValueCodec<E> codec, E entity) {
        ValueBuffer buffer = new ValueBuffer(128);
        codec.encode(entity, buffer);
        byte[] bytes = buffer.toByteArray();
        return codec.decode(bytes, 0, bytes.length);
    }
}
