package io.kvmapper.it.databind;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/** A class entity (private fields, accessors) with databind fields next to an indexed generated one. */
@Entity(name = "DbSubscriber")
public class Subscriber {
    @Key String email;
    @Index String plan;
    private URI homepage;
    private Money balance;
    private List<Money> invoices;

    /** For the generated code. */
    public Subscriber() {
    }

    Subscriber(String email, String plan, URI homepage, Money balance, List<Money> invoices) {
        this.email = email;
        this.plan = plan;
        this.homepage = homepage;
        this.balance = balance;
        this.invoices = invoices;
    }

    public URI getHomepage() {
        return homepage;
    }

    public void setHomepage(URI homepage) {
        this.homepage = homepage;
    }

    public Money getBalance() {
        return balance;
    }

    public void setBalance(Money balance) {
        this.balance = balance;
    }

    public List<Money> getInvoices() {
        return invoices;
    }

    public void setInvoices(List<Money> invoices) {
        this.invoices = invoices;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Subscriber s && Objects.equals(email, s.email) && Objects.equals(plan, s.plan)
                && Objects.equals(homepage, s.homepage) && Objects.equals(balance, s.balance)
                && Objects.equals(invoices, s.invoices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(email, plan, homepage, balance, invoices);
    }

    @Override
    public String toString() {
        return "Subscriber[" + email + ", " + plan + ", " + homepage + ", " + balance + ", " + invoices + "]";
    }
}
