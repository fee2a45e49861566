package io.kvmapper.it.fuzz;

/**
 * The key of a specimen, as the fuzzers' model holds it. Equal as keys are: {@link Double#equals} on the
 * weight (every NaN one key, {@code -0.0} and {@code 0.0} two).
 */
record Id(String tenant, long seq, double weight) {
    @Override
    public boolean equals(Object o) {
        return o instanceof Id id && java.util.Objects.equals(tenant, id.tenant) && seq == id.seq
                && Double.valueOf(weight).equals(id.weight);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(tenant, seq, Double.valueOf(weight));
    }

    @Override
    public String toString() {
        return "(" + show(tenant) + ", " + seq + ", " + weight + ")";
    }

    /** A string as a failure message shows it: quoted, with anything outside printable ASCII escaped, cut at 60. */
    static String show(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < Math.min(s.length(), 60); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out.append(s.length() > 60 ? "...\"(" + s.length() + " chars)" : "\"").toString();
    }
}
