package io.kvmapper.spi;

/**
 * One stored item. Instances do not copy their arrays; callers must not change them.
 *
 * @param key the key
 * @param value the value
 */
public record KeyValue(byte[] key, byte[] value) {
}
