package io.kvmapper.processor.query.parse;

/** A method name that is no derived query: what is wrong, and where in the name the parser stopped. */
public final class NameParseException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String problem;
    private final int position;

    NameParseException(String problem, int position) {
        super(problem + " at position " + position);
        this.problem = problem;
        this.position = position;
    }

    /** What is wrong. */
    public String problem() {
        return problem;
    }

    /** Where in the name the parser stopped: the index of the first character it could not read. */
    public int position() {
        return position;
    }
}
