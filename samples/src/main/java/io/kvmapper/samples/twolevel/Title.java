package io.kvmapper.samples.twolevel;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Layout;
import java.util.List;

/**
 * The two-level map's structured record: the fields of one item (streaming metadata of a title) under
 * its id. With {@code layout = ATTRIBUTE_PER_KEY} each field (and {@code rating.board},
 * {@code rating.rating}, each genre) is its own key under {@code (("Title", "r", id))}, which is the
 * article's "fields encoded as keys"; with {@code MONOLITHIC} they are the fields of one value. The
 * repository is the same either way.
 *
 * @param id the title's id
 * @param name the title's name
 * @param year the release year
 * @param runtimeMinutes how long it runs
 * @param rating the age rating
 * @param genres the genres, in order of relevance
 */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public record Title(@Key String id, String name, int year, int runtimeMinutes, @Embedded Rating rating,
        List<String> genres) {
}
