package io.kvmapper.processor.schema;

import com.palantir.javapoet.ClassName;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.schema.document.SchemaDocument;
import io.kvmapper.schema.document.SchemaJson;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/**
 * Where an entity's schema file lives, and reading and writing it. The directory is the processor option
 * {@value #OPTION}, resolved against the compiler's working directory if relative; without it, the
 * directory {@code kvmapper} beside the source root that holds the entity's source file
 * ({@code src/main/java/com/example/User.java} gives {@code src/main/kvmapper}, and test sources in
 * {@code src/test/java} give {@code src/test/kvmapper}). Within the directory, the file follows the
 * package: {@code com/example/User.json}.
 */
public final class SchemaFiles {
    /** The processor option naming the directory of schema files. */
    public static final String OPTION = "kvmapper.schemaDir";
    /** The directory, beside the source root, that holds schema files by default. */
    public static final String DEFAULT_DIRECTORY = "kvmapper";

    private SchemaFiles() {
    }

    /**
     * Where the schema file of an entity is: its path, or why there is none.
     *
     * @param file the file, if it could be placed
     * @param reason why it could not, if not
     */
    public record Location(Optional<Path> file, String reason) {
    }

    /** The schema file of {@code entity}, from the option or the location of its source file. */
    public static Location locate(TypeElement entity, ProcessingEnvironment env) {
        String relative = GeneratedNames.schemaFile(ClassName.get(entity));
        String option = env.getOptions().get(OPTION);
        if (option != null && !option.isBlank()) {
            return new Location(Optional.of(Path.of(option).toAbsolutePath().resolve(relative)), "");
        }
        URI source;
        try {
            TreePath path = Trees.instance(env).getPath(entity);
            CompilationUnitTree unit = path == null ? null : path.getCompilationUnit();
            if (unit == null) {
                return new Location(Optional.empty(), "the compiler does not say where its source file is");
            }
            source = unit.getSourceFile().toUri();
        } catch (IllegalArgumentException | LinkageError e) {
            return new Location(Optional.empty(), "the compiler does not tell processors where source files are "
                    + "(javac's own processing environment does; build tools that wrap it, such as Gradle, do not)");
        }
        if (!"file".equals(source.getScheme())) {
            return new Location(Optional.empty(), "its source " + source + " is not a file");
        }
        Path directory = Path.of(source).getParent();
        String packageName = ClassName.get(entity).packageName();
        Path root = directory;
        if (!packageName.isEmpty()) {
            Path packageDirectories = Path.of(packageName.replace('.', '/'));
            root = directory != null && directory.endsWith(packageDirectories) ? directory : null;
            for (int i = 0; root != null && i < packageDirectories.getNameCount(); i++) {
                root = root.getParent();
            }
        }
        if (root == null || root.getParent() == null) {
            return new Location(Optional.empty(), "its source file " + Path.of(source)
                    + " is not in a source directory tree that follows its package");
        }
        return new Location(Optional.of(root.resolveSibling(DEFAULT_DIRECTORY).resolve(relative)), "");
    }

    /**
     * The document in {@code file}, or empty if there is no such file.
     *
     * @throws IOException if it cannot be read
     * @throws IllegalArgumentException if it is not a schema file
     */
    public static Optional<SchemaDocument> read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(SchemaJson.read(Files.readString(file, StandardCharsets.UTF_8), "the file"));
    }

    /** Writes {@code document} to {@code file}, creating its directory, unless the file already holds it. */
    public static void write(Path file, SchemaDocument document) throws IOException {
        String text = SchemaJson.write(document);
        if (Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).equals(text)) {
            return;
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
