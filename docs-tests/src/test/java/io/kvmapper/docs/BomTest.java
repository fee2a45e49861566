package io.kvmapper.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM, which has no parent, keeps up with the build: the same version, and every published module (every
 * module that does not skip deploy) listed.
 */
class BomTest {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern MANAGED = Pattern.compile(
            "<groupId>io\\.kvmapper</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*<version>\\$\\{project\\.version}</version>");
    private static final Pattern VERSION = Pattern.compile("<artifactId>(?:kvmapper-parent|kvmapper-bom)</artifactId>\\s*<version>([^<]+)</version>");

    @Test
    void theBomHasTheBuildsVersionAndEveryPublishedModule() throws IOException {
        String parent = read("pom.xml");
        String bom = read("kvmapper-bom/pom.xml");
        assertEquals(version(parent), version(bom), "kvmapper-bom's version");
        Set<String> published = new TreeSet<>();
        Matcher modules = MODULE.matcher(parent);
        while (modules.find()) {
            String module = modules.group(1);
            String pom = read(module + "/pom.xml");
            if (!module.equals("kvmapper-bom") && !pom.contains("<maven.deploy.skip>true</maven.deploy.skip>")) {
                published.add(module);
            }
        }
        Set<String> listed = new TreeSet<>();
        Matcher managed = MANAGED.matcher(bom);
        while (managed.find()) {
            listed.add(managed.group(1));
        }
        assertEquals(published, listed, "the modules kvmapper-bom lists");
    }

    private static String version(String pom) {
        Matcher version = VERSION.matcher(pom);
        return version.find() ? version.group(1) : "none";
    }

    private static String read(String path) throws IOException {
        return Files.readString(DocsCompileTest.ROOT.resolve(path), StandardCharsets.UTF_8);
    }
}
