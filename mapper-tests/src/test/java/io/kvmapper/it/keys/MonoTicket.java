package io.kvmapper.it.keys;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;

/** A {@link Ticket} stored as one value. */
@Entity
@Counter(name = "byCity", groupBy = "city")
public class MonoTicket extends Ticket {
    public MonoTicket() {
    }
}
