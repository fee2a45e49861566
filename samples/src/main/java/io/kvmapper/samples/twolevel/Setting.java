package io.kvmapper.samples.twolevel;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * The two-level map's flat map: one id, one value ({@code id -> {"" -> value}} in the Netflix article's
 * words). Stored under {@code (("Setting", "r", id))}.
 *
 * @param id the setting's name
 * @param value its value
 */
@Entity
public record Setting(@Key String id, String value) {
}
