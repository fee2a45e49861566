package io.kvmapper.cli;

/** The exit codes of every command (see {@code docs/cli.md}). */
final class ExitCode {
    /** Done; for {@code repair}, everything found was mended. */
    static final int OK = 0;
    /** Problems found: damage, corrupt records, a record that is not there, lines an import refused. */
    static final int PROBLEMS = 1;
    /** Usage: an unknown command, entity or option, a key of the wrong arity or type, a malformed import line. */
    static final int USAGE = 2;
    /** The store: none there, held by another process, unreachable, an I/O failure. */
    static final int STORE = 3;

    private ExitCode() {
    }
}
