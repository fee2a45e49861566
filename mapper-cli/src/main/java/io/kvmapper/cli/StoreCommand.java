package io.kvmapper.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** A command that works on a store: the store options, and the tool's console and output settings. */
abstract class StoreCommand implements Callable<Integer> {
    @ParentCommand
    KvMapperCli root;

    @Mixin
    StoreOptions storeOptions;

    /** Opens the store the options name, as {@code access} needs it. */
    OpenedStore open(OpenedStore.Access access) {
        return OpenedStore.open(storeOptions, access, console());
    }

    Console console() {
        return root.console();
    }

    boolean json() {
        return root.json;
    }

    /** A progress meter for {@code task}, as --quiet and --progress say. */
    ProgressMeter progress(String task, long total, String unit) {
        return ProgressMeter.start(console(), root.progressMode(), task, total, unit);
    }
}
