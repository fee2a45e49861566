package io.kvmapper.spring;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code kvmapper.*} properties: where the application's {@link io.kvmapper.KvStore} lives. Set
 * {@code kvmapper.rocksdb.path} for an embedded RocksDB store, or {@code kvmapper.cassandra.contact-points}
 * (with {@code keyspace} and {@code local-datacenter}) for a store on Apache Cassandra; not both.
 */
@ConfigurationProperties("kvmapper")
public class KvMapperProperties {
    private final Rocksdb rocksdb = new Rocksdb();
    private final Cassandra cassandra = new Cassandra();

    /** The embedded RocksDB store. */
    public Rocksdb getRocksdb() {
        return rocksdb;
    }

    /** The store on Apache Cassandra. */
    public Cassandra getCassandra() {
        return cassandra;
    }

    /** An embedded RocksDB store. */
    public static class Rocksdb {
        /** Directory of the embedded RocksDB store; created (readable by its owner only) if absent. */
        private Path path;

        /** The store's directory, or null. */
        public Path getPath() {
            return path;
        }

        /** Sets the store's directory. */
        public void setPath(Path path) {
            this.path = path;
        }
    }

    /** A store on Apache Cassandra, reached through contact points. */
    public static class Cassandra {
        /** Nodes to connect to first, as host or host:port (port 9042 if not given). */
        private List<String> contactPoints = new ArrayList<>();

        /** Keyspace of the store; it must exist unless keyspace-replication is given. */
        private String keyspace;

        /**
         * Replication of the keyspace, created with it if absent: e.g. class=NetworkTopologyStrategy, dc1=3.
         * Empty: the keyspace must exist.
         */
        private Map<String, String> keyspaceReplication = new LinkedHashMap<>();

        /** Data center of the contact points, which the driver routes requests to. */
        private String localDatacenter = "datacenter1";

        /**
         * Time a request to Cassandra may take, creating the store's tables included, before it fails (retryably);
         * the driver's default, 2s, if not set.
         */
        private Duration requestTimeout;

        /** Role to log in as (PasswordAuthenticator); no login if not set. */
        private String username;

        /** Password of the role; give TLS too (ssl.bundle), or it crosses the network readable. */
        private String password;

        private final Ssl ssl = new Ssl();

        /** The contact points. */
        public List<String> getContactPoints() {
            return contactPoints;
        }

        /** Sets the contact points. */
        public void setContactPoints(List<String> contactPoints) {
            this.contactPoints = contactPoints;
        }

        /** The keyspace. */
        public String getKeyspace() {
            return keyspace;
        }

        /** Sets the keyspace. */
        public void setKeyspace(String keyspace) {
            this.keyspace = keyspace;
        }

        /** The replication a missing keyspace is created with. */
        public Map<String, String> getKeyspaceReplication() {
            return keyspaceReplication;
        }

        /** Sets the replication a missing keyspace is created with. */
        public void setKeyspaceReplication(Map<String, String> keyspaceReplication) {
            this.keyspaceReplication = keyspaceReplication;
        }

        /** The local data center. */
        public String getLocalDatacenter() {
            return localDatacenter;
        }

        /** Sets the local data center. */
        public void setLocalDatacenter(String localDatacenter) {
            this.localDatacenter = localDatacenter;
        }

        /** The per-request timeout, or null for the driver's. */
        public Duration getRequestTimeout() {
            return requestTimeout;
        }

        /** Sets the per-request timeout. */
        public void setRequestTimeout(Duration requestTimeout) {
            this.requestTimeout = requestTimeout;
        }

        /** The role to log in as, or null. */
        public String getUsername() {
            return username;
        }

        /** Sets the role to log in as. */
        public void setUsername(String username) {
            this.username = username;
        }

        /** The role's password, or null. */
        public String getPassword() {
            return password;
        }

        /** Sets the role's password. */
        public void setPassword(String password) {
            this.password = password;
        }

        /** TLS of the connections. */
        public Ssl getSsl() {
            return ssl;
        }
    }

    /** TLS for the Cassandra connections. */
    public static class Ssl {
        /** Name of the Spring Boot SSL bundle (spring.ssl.bundle.*) whose trust material encrypts the connections. */
        private String bundle;

        /** Whether a node's certificate must name the address connected to. */
        private boolean hostnameValidation = true;

        /** The SSL bundle's name, or null for plain-text connections. */
        public String getBundle() {
            return bundle;
        }

        /** Sets the SSL bundle's name. */
        public void setBundle(String bundle) {
            this.bundle = bundle;
        }

        /** Whether node certificates must name the nodes. */
        public boolean isHostnameValidation() {
            return hostnameValidation;
        }

        /** Sets whether node certificates must name the nodes. */
        public void setHostnameValidation(boolean hostnameValidation) {
            this.hostnameValidation = hostnameValidation;
        }
    }
}
