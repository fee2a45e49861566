package io.kvmapper.cli;

/** A failure the tool reports in one line and ends with {@link #exitCode()}. */
final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A usage error: exit code 2. */
    static CliException usage(String message) {
        return new CliException(ExitCode.USAGE, message);
    }

    /** A store error: exit code 3. */
    static CliException store(String message, Throwable cause) {
        return new CliException(ExitCode.STORE, message, cause);
    }

    int exitCode() {
        return exitCode;
    }
}
