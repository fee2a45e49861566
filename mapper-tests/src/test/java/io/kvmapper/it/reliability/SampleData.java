package io.kvmapper.it.reliability;

import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The fields of a sample, shared by three entities that differ only in codec and layout
 * ({@link JsonSample}, {@link ProtoSample}, {@link ApkSample}): floating-point numbers as key components
 * (one descending), as values of a non-unique, a unique and a collection index, as a counter's group and
 * as plain values; strings as a key component, as values of a unique and a collection index, and as a
 * plain value. The reliability tests store NaNs, unpaired surrogates and damaged values through them.
 */
public abstract class SampleData {
    @Key
    String site;
    @Key
    double x;
    @Key(descending = true)
    float y;
    @Index
    double score;
    @Index(unique = true)
    float ratio;
    @Index
    List<Double> readings;
    double level;
    float gain;
    Double boxed;
    @Index(unique = true)
    String handle;
    @Index
    Set<String> tags;
    String label;

    /** Sets the key. */
    <S extends SampleData> S key(String site, double x, float y) {
        this.site = site;
        this.x = x;
        this.y = y;
        @SuppressWarnings("unchecked")
        S self = (S) this;
        return self;
    }

    /** Sets every floating-point field but the key to {@code d} (double) and {@code f} (float). */
    <S extends SampleData> S numbers(double d, float f) {
        score = d;
        ratio = f;
        readings = List.of(d, 1.5);
        level = d;
        gain = f;
        boxed = d;
        @SuppressWarnings("unchecked")
        S self = (S) this;
        return self;
    }

    /** Sets the string fields. */
    <S extends SampleData> S strings(String handle, Set<String> tags, String label) {
        this.handle = handle;
        this.tags = tags;
        this.label = label;
        @SuppressWarnings("unchecked")
        S self = (S) this;
        return self;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + site + ", " + bits(x) + ", " + bits(y) + ", score " + bits(score)
                + ", ratio " + bits(ratio) + ", readings " + readings + ", level " + bits(level)
                + ", gain " + bits(gain) + ", handle " + handle
                + ", tags " + (tags == null ? null : new TreeSet<>(tags)) + ", label " + label + ")";
    }

    static String bits(double d) {
        return d + "/0x" + Long.toHexString(Double.doubleToRawLongBits(d));
    }

    static String bits(float f) {
        return f + "/0x" + Integer.toHexString(Float.floatToRawIntBits(f));
    }
}
