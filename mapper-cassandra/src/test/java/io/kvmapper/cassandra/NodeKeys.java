package io.kvmapper.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.net.ssl.SSLContext;

/**
 * A test node's key pair and the truststore of its certificate, made by the JDK's {@code keytool} in a fresh
 * directory under {@code kvmapper.cassandra.work} with a random store password: PKCS12 files, an RSA key whose
 * self-signed certificate names {@code 127.0.0.1} and {@code localhost}, valid for two days. Also the client's
 * TLS context, which trusts that certificate and nothing else.
 */
record NodeKeys(Path directory, String password, SSLContext clientContext) implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    static NodeKeys create() {
        try {
            Path work = Path.of(System.getProperty("kvmapper.cassandra.work",
                    System.getProperty("java.io.tmpdir")));
            Files.createDirectories(work);
            Path dir = Files.createTempDirectory(work, "tls-");
            String password = "ks-" + randomHex();
            Path keyStore = dir.resolve("node.p12");
            Path certificate = dir.resolve("node.crt");
            Path trustStore = dir.resolve("truststore.p12");
            keytool(password, "-genkeypair", "-alias", "node", "-keyalg", "RSA", "-keysize", "2048",
                    "-validity", "2", "-dname", "CN=kvmapper-test-node", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
                    "-storetype", "PKCS12", "-keystore", keyStore.toString(), "-storepass:env", "KEYTOOL_PASSWORD",
                    "-keypass:env", "KEYTOOL_PASSWORD");
            keytool(password, "-exportcert", "-rfc", "-alias", "node", "-keystore", keyStore.toString(),
                    "-storepass:env", "KEYTOOL_PASSWORD", "-file", certificate.toString());
            keytool(password, "-importcert", "-noprompt", "-alias", "node", "-file", certificate.toString(),
                    "-storetype", "PKCS12", "-keystore", trustStore.toString(), "-storepass:env", "KEYTOOL_PASSWORD");
            return new NodeKeys(dir, password, TrustStores.sslContext(trustStore, password.toCharArray()));
        } catch (IOException e) {
            throw new UncheckedIOException("could not make the secure Cassandra test node's keys", e);
        }
    }

    Path nodeKeyStore() {
        return directory.resolve("node.p12");
    }

    Path trustStore() {
        return directory.resolve("truststore.p12");
    }

    @Override
    public void close() {
        CassandraTestServer.deleteRecursively(directory);
    }

    @Override
    public String toString() {
        return "NodeKeys[" + directory + "]";
    }

    /** Runs the JDK's keytool, the store password in its environment (not on a command line others see). */
    private static void keytool(String password, String... arguments) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("KEYTOOL_PASSWORD", password);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (process.waitFor() != 0) {
                throw new IOException("keytool " + arguments[0] + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running keytool", e);
        }
    }

    private static String randomHex() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
