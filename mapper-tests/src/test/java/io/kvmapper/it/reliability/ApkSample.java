package io.kvmapper.it.reliability;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Layout;

/** A sample stored one key per attribute and element. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "byScore", groupBy = "score")
public class ApkSample extends SampleData {
    public ApkSample() {
    }
}
