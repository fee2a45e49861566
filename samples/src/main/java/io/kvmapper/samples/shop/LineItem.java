package io.kvmapper.samples.shop;

/**
 * One line of an order.
 *
 * @param sku the product
 * @param quantity how many
 * @param unitCents the price of one, in cents
 */
public record LineItem(String sku, int quantity, long unitCents) {
}
