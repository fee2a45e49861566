package io.kvmapper.processor.query;

import io.kvmapper.processor.diagnostic.Message;

/** A derived query no plan can answer: the message to report on the method, with its arguments. */
final class PlanException extends Exception {
    private static final long serialVersionUID = 1L;

    private final Message diagnostic;
    private final transient Object[] arguments;

    PlanException(Message diagnostic, Object... arguments) {
        super(diagnostic.format(arguments));
        this.diagnostic = diagnostic;
        this.arguments = arguments;
    }

    Message diagnostic() {
        return diagnostic;
    }

    Object[] arguments() {
        return arguments;
    }
}
