package io.kvmapper.samples.twolevel;

/**
 * An age rating, stored inside the title that holds it.
 *
 * @param board who rated it
 * @param rating the rating
 */
public record Rating(String board, String rating) {
}
