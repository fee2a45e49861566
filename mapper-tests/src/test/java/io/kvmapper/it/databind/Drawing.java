package io.kvmapper.it.databind;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;
import java.util.List;

/** Polymorphic databind fields: a {@link Shape}, and a list of them. */
@Entity(name = "DbDrawing")
public record Drawing(@Key long id, Shape outline, List<Shape> layers) {
}
