package io.kvmapper.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options that name the store a command works on: a RocksDB directory, or a Cassandra keyspace and how to
 * reach and log in to its cluster.
 */
final class StoreOptions {
    @Option(names = "--rocksdb", paramLabel = "DIR", description = "The RocksDB store in DIR.")
    Path rocksdb;

    @Option(names = "--cassandra", paramLabel = "HOST[:PORT]", split = ",",
            description = "The Cassandra cluster reached through these contact points (port 9042 by default).")
    java.util.List<String> cassandra;

    @Option(names = "--keyspace", paramLabel = "K", description = "The Cassandra keyspace that holds the store.")
    String keyspace;

    @Option(names = "--table", paramLabel = "NAME", defaultValue = "kv",
            description = "The base name of the store's Cassandra tables (default: ${DEFAULT-VALUE}).")
    String table;

    @Option(names = "--datacenter", paramLabel = "DC", defaultValue = "datacenter1",
            description = "The Cassandra data center whose replicas serve requests (default: ${DEFAULT-VALUE}).")
    String datacenter;

    @Option(names = "--user", paramLabel = "NAME", description = "The Cassandra role to log in as.")
    String user;

    @Option(names = "--password-file", paramLabel = "FILE",
            description = "A file holding the password of --user (else the variable KVMAPPER_CASSANDRA_PASSWORD); "
                    + "never an argument.")
    Path passwordFile;

    @Option(names = "--truststore", paramLabel = "FILE",
            description = "Connect with TLS, trusting the certificates in this keystore (PKCS12 or JKS).")
    Path truststore;

    @Option(names = "--truststore-password-file", paramLabel = "FILE",
            description = "A file holding the truststore's password (else the variable KVMAPPER_TRUSTSTORE_PASSWORD, "
                    + "or none).")
    Path truststorePasswordFile;

    @Option(names = "--request-timeout", paramLabel = "SECONDS", defaultValue = "20",
            description = "How long one Cassandra request may take (default: ${DEFAULT-VALUE}).")
    int requestTimeout;

    /** Whether any option names a store. */
    boolean given() {
        return rocksdb != null || cassandra != null;
    }

    /** The Cassandra connection these options describe, with its passwords read from files or the environment. */
    CassandraConnection cassandraConnection(Console console) {
        return new CassandraConnection(cassandra, datacenter, keyspace, table, user, passwordFile,
                "KVMAPPER_CASSANDRA_PASSWORD", truststore, truststorePasswordFile, requestTimeout, console.env());
    }
}
