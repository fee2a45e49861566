package io.kvmapper.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on 127.0.0.1 in front of a node that counts the connections clients open through it: how a test
 * sees whether a client that was refused keeps trying. Bytes pass through unchanged (TLS included).
 */
final class CountingProxy implements AutoCloseable {
    private final ServerSocket server;
    private final InetSocketAddress target;
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    CountingProxy(InetSocketAddress target) {
        this.target = target;
        try {
            server = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the proxy's port", e);
        }
        Thread acceptor = new Thread(this::accept, "counting-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Where clients connect. */
    InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", server.getLocalPort());
    }

    /** How many connections clients have opened so far. */
    int connections() {
        return connections.get();
    }

    @Override
    public void close() {
        try {
            server.close();
            for (Socket socket : sockets) {
                socket.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                connections.incrementAndGet();
                Socket node = new Socket(target.getAddress(), target.getPort());
                sockets.add(client);
                sockets.add(node);
                pipe(client, node);
                pipe(node, client);
            } catch (IOException closed) {
                return;
            }
        }
    }

    private static void pipe(Socket from, Socket to) {
        Thread thread = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException ended) {
                // one side closed: the other follows below
            } finally {
                try {
                    from.close();
                    to.close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        }, "counting-proxy-pipe");
        thread.setDaemon(true);
        thread.start();
    }
}
