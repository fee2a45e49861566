package io.kvmapper.it.reliability;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;

/** A sample stored as one JSON value. */
@Entity
@Counter(name = "byScore", groupBy = "score")
public class JsonSample extends SampleData {
    public JsonSample() {
    }
}
