package io.kvmapper.cli;

import io.kvmapper.CorruptDataException;
import io.kvmapper.InvalidRequestException;
import io.kvmapper.KvMapperException;
import io.kvmapper.StorageException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.ScopeType;

/**
 * {@code kvmapper}: looks into a KV Mapper store, decodes, verifies and repairs it, exports, imports and copies it,
 * without the application's classes: the store records every entity's schema. See {@code docs/cli.md}.
 */
@Command(name = "kvmapper", mixinStandardHelpOptions = true, versionProvider = KvMapperCli.Version.class,
        description = {"Looks into a KV Mapper store, and verifies, repairs, exports, imports and copies it, without "
                + "the application's classes: the store records every entity's schema.",
                "Exit codes: 0 done (for repair: everything found was mended), 1 problems found, 2 usage error, "
                        + "3 store error."},
        subcommands = {InfoCommand.class, SchemaCommand.class, GetCommand.class, ScanCommand.class,
                DecodeCommand.class, VerifyCommand.class, RepairCommand.class, ExportCommand.class,
                ImportCommand.class, CopyCommand.class, AutoComplete.GenerateCompletion.class},
        footer = {"", "Run 'kvmapper COMMAND --help' for a command's arguments and options."})
public final class KvMapperCli implements Runnable {
    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "Write results as JSON (JSON lines for scan and export), for scripts.")
    boolean json;

    @Option(names = {"-q", "--quiet"}, scope = ScopeType.INHERIT,
            description = "Show no progress and no informational messages; errors and results still appear.")
    boolean quiet;

    @Option(names = "--progress", scope = ScopeType.INHERIT, paramLabel = "MODE", defaultValue = "AUTO",
            description = "How work that takes long shows its progress on standard error: AUTO (a bar on a "
                    + "terminal, plain lines otherwise), BAR, LINES or NONE (default: ${DEFAULT-VALUE}).")
    ProgressMeter.Mode progress;

    @Spec
    CommandSpec spec;

    private final Console console;

    KvMapperCli(Console console) {
        this.console = console;
    }

    /** Runs the tool and exits with its exit code. */
    public static void main(String[] args) {
        // the runtime's warnings (System.Logger, which java.util.logging serves) as one line each, like the tool's own
        // messages, rather than java.util.logging's two lines with a time stamp and the logging method
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", "kvmapper: %4$s: %5$s%6$s%n");
        }
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(
                new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16), false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true,
                StandardCharsets.UTF_8);
        int code = run(Console.system(out, err), args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the tool on {@code console}; returns the exit code. */
    static int run(Console console, String... args) {
        CommandLine commandLine = new CommandLine(new KvMapperCli(console))
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(console.out(), true, StandardCharsets.UTF_8))
                .setErr(new PrintWriter(console.err(), true, StandardCharsets.UTF_8))
                .setExecutionExceptionHandler((e, line, parsed) -> failed(console, e))
                .setParameterExceptionHandler((e, args2) -> {
                    console.err().println("kvmapper: " + e.getMessage());
                    CommandLine command = e.getCommandLine();
                    console.err().println("Run 'kvmapper " + (command.getParent() == null ? ""
                            : command.getCommandName() + " ") + "--help' for its arguments and options.");
                    return ExitCode.USAGE;
                });
        commandLine.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        int code = commandLine.execute(args);
        console.out().flush();
        return code;
    }

    /** Turns a failure into its one-line message and exit code. */
    private static int failed(Console console, Exception e) {
        if (e instanceof CliException cli) {
            console.err().println("kvmapper: " + cli.getMessage());
            return cli.exitCode();
        }
        if (e instanceof StorageException) {
            console.err().println("kvmapper: " + e.getMessage());
            return ExitCode.STORE;
        }
        if (e instanceof CorruptDataException) {
            console.err().println("kvmapper: corrupt data: " + e.getMessage());
            return ExitCode.PROBLEMS;
        }
        if (e instanceof InvalidRequestException) {
            console.err().println("kvmapper: " + e.getMessage());
            return ExitCode.USAGE;
        }
        if (e instanceof KvMapperException) {
            console.err().println("kvmapper: " + e.getMessage());
            return ExitCode.STORE;
        }
        console.err().println("kvmapper: failed: " + e);
        e.printStackTrace(console.err());
        return ExitCode.STORE;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command");
    }

    /** The console commands write to. */
    Console console() {
        return console;
    }

    /** How progress is shown, given --quiet and --progress. */
    ProgressMeter.Mode progressMode() {
        return quiet ? ProgressMeter.Mode.NONE : progress;
    }

    /** Prints an informational message on standard error, unless --quiet. */
    void inform(String message) {
        if (!quiet) {
            console.err().println(message);
        }
    }

    /** The tool's version: the jar's implementation version, or the build's. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = KvMapperCli.class.getPackage().getImplementationVersion();
            return new String[] {"kvmapper " + (version == null ? "0.1.0-SNAPSHOT" : version)};
        }
    }
}
