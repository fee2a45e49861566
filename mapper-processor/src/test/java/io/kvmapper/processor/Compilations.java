package io.kvmapper.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.File;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.Processor;

/** Compiles test sources with the KV Mapper processor, the way a user's build would. */
final class Compilations {
    /**
     * The lint options of the project's own build: every warning except "no processor claimed these
     * annotations", which the processor causes on purpose by never claiming them.
     */
    static final List<String> OPTIONS = List.of("-Xlint:all,-processing");

    /** Classes whose jars (or class directories) generated code needs: annotations, runtime, Jackson, Protobuf. */
    private static final List<String> GENERATED_CODE_NEEDS = List.of(
            "io.kvmapper.annotation.Entity",
            "io.kvmapper.KvStore",
            "io.kvmapper.internal.operations.EntityOperations",
            "io.kvmapper.internal.tuple.TupleWriter",
            "tools.jackson.core.JsonParser",
            "com.google.protobuf.CodedOutputStream");

    private Compilations() {
    }

    /** A javac running a fresh processor, on the test's own class path. */
    static Compiler compiler() {
        return compiler(new KvMapperProcessor());
    }

    /** A javac running {@code processor}, on the test's own class path. */
    static Compiler compiler(Processor processor) {
        return javac().withProcessors(processor).withOptions(OPTIONS);
    }

    /** Compiles {@code sources} with a fresh processor. */
    static Compilation compile(TestSource... sources) {
        return compiler().compile(Arrays.stream(sources).map(TestSource::file).toList());
    }

    /**
     * The smallest class path generated code compiles against: the annotations, the runtime, Jackson
     * and Protobuf, plus the locations of {@code extra} classes. Lets a test decide exactly which optional
     * libraries (such as jakarta.inject) a compilation sees.
     */
    static List<File> minimalClasspath(Class<?>... extra) {
        Set<File> entries = new LinkedHashSet<>();
        for (String name : GENERATED_CODE_NEEDS) {
            try {
                entries.add(locationOf(Class.forName(name)));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(name + " is not on the test class path; generated code needs it", e);
            }
        }
        for (Class<?> type : extra) {
            entries.add(locationOf(type));
        }
        return List.copyOf(entries);
    }

    private static File locationOf(Class<?> type) {
        try {
            return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
