package io.kvmapper.it.databind;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/** Fields of types Jackson databind cannot read back ({@link Receipt}) or cannot write ({@link Loop}). */
@Entity(name = "DbSketch")
public record Sketch(@Key long id, String name, Receipt receipt, Loop loop) {
}
