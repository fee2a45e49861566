package io.kvmapper.it.layout;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Layout;

/** A profile stored one key per attribute, element and map entry; the twin of {@link MonoProfile}. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Index(name = "cityAndFloor", fields = {"home.city", "home.building.floor"})
@Index(name = "lat", fields = "home.building.coordinates.lat")
@Counter(name = "total")
@Counter(name = "byStatus", groupBy = "status")
@Counter(name = "scoreByCity", groupBy = "home.city", sum = "score")
public class ApkProfile extends ProfileData {
    public ApkProfile() {
    }
}
