package io.kvmapper.it.databind;

/**
 * A class databind can write but not read back: it has neither a no-argument constructor nor a
 * {@code @JsonCreator}, and this build compiles without {@code -parameters}, so databind cannot match the
 * constructor's parameters to properties.
 */
public final class Receipt {
    private final String number;

    public Receipt(String number, int copies) {
        this.number = number + "/" + copies;
    }

    public String getNumber() {
        return number;
    }
}
