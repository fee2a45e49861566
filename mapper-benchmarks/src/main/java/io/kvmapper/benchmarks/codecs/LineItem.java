package io.kvmapper.benchmarks.codecs;

/** One line of an order. */
public record LineItem(String sku, String title, int quantity, long unitCents) {
}
