package io.kvmapper.cli;

import io.kvmapper.InvalidRequestException;
import io.kvmapper.StoreCopy;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code copy}: every item of the store into another, empty one, on the same or another backend. */
@Command(name = "copy", mixinStandardHelpOptions = true,
        description = {"Copies every item of the store (records, index entries, counters, multimaps, the stored "
                + "schemas) into another, empty store: how a store moves from RocksDB to Cassandra or back. The "
                + "target is created if it does not exist (on Cassandra, its tables in an existing keyspace).",
                "Refused before anything is written if the target holds anything, or the source has an online build "
                        + "under way. Run verify on the target to check the result."})
final class CopyCommand extends StoreCommand {
    @Option(names = "--to-rocksdb", paramLabel = "DIR", description = "Copy into the RocksDB store in DIR.")
    Path toRocksdb;

    @Option(names = "--to-cassandra", paramLabel = "HOST[:PORT]", split = ",",
            description = "Copy into a Cassandra store reached through these contact points.")
    List<String> toCassandra;

    @Option(names = "--to-keyspace", paramLabel = "K", description = "The target's Cassandra keyspace (it must exist).")
    String toKeyspace;

    @Option(names = "--to-table", paramLabel = "NAME", defaultValue = "kv",
            description = "The base name of the target's Cassandra tables (default: ${DEFAULT-VALUE}).")
    String toTable;

    @Option(names = "--to-datacenter", paramLabel = "DC", defaultValue = "datacenter1",
            description = "The target cluster's local data center (default: ${DEFAULT-VALUE}).")
    String toDatacenter;

    @Option(names = "--to-user", paramLabel = "NAME", description = "The role to log in to the target cluster as.")
    String toUser;

    @Option(names = "--to-password-file", paramLabel = "FILE", description = "A file holding the password of "
            + "--to-user (else the variable KVMAPPER_TO_CASSANDRA_PASSWORD).")
    Path toPasswordFile;

    @Option(names = "--to-truststore", paramLabel = "FILE", description = "Connect to the target with TLS, trusting "
            + "the certificates in this keystore.")
    Path toTruststore;

    @Option(names = "--to-truststore-password-file", paramLabel = "FILE",
            description = "A file holding the target truststore's password.")
    Path toTruststorePasswordFile;

    @Override
    public Integer call() {
        if ((toRocksdb == null) == (toCassandra == null)) {
            throw CliException.usage("name the target: --to-rocksdb DIR, or --to-cassandra HOST[:PORT] --to-keyspace "
                    + "K");
        }
        try (OpenedStore source = open(OpenedStore.Access.READ); OpenedStore target = target()) {
            StoreCopy.Result result;
            try (ProgressMeter progress = progress("copy", source.estimatedKeys(), "items")) {
                result = source.store().copy().progress(p -> progress.done(p.processed())).to(target.store());
            } catch (InvalidRequestException e) {
                throw CliException.usage(e.getMessage());
            }
            if (json()) {
                console().out().println("{\"items\":" + result.items() + ",\"counters\":" + result.counters()
                        + ",\"batches\":" + result.batches() + "}");
            } else {
                root.inform("copied " + ProgressMeter.number(result.items()) + " items ("
                        + ProgressMeter.number(result.counters()) + " counters) from " + source.description() + " to "
                        + target.description() + " in " + ProgressMeter.number(result.batches()) + " batches");
            }
        }
        return ExitCode.OK;
    }

    private OpenedStore target() {
        if (toRocksdb != null) {
            return OpenedStore.rocksdb(toRocksdb, OpenedStore.Access.CREATE);
        }
        return OpenedStore.cassandra(new CassandraConnection(toCassandra, toDatacenter, toKeyspace, toTable, toUser,
                toPasswordFile, "KVMAPPER_TO_CASSANDRA_PASSWORD", toTruststore, toTruststorePasswordFile,
                storeOptions.requestTimeout, console().env()), OpenedStore.Access.CREATE, "--to-cassandra");
    }
}
