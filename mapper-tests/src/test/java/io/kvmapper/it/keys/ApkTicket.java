package io.kvmapper.it.keys;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Layout;

/** A {@link Ticket} stored one key per attribute, element and map entry. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
@Counter(name = "byCity", groupBy = "city")
public class ApkTicket extends Ticket {
    public ApkTicket() {
    }
}
