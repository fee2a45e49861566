package io.kvmapper.processor;

import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.schema.SchemaDescriber;
import io.kvmapper.processor.schema.SchemaFiles;
import io.kvmapper.processor.validate.EvolutionValidator;
import io.kvmapper.schema.document.SchemaDocument;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/**
 * One entity's schema file through one build: where it is, what it recorded before, the check of the
 * entity against it, and the file's new content. Without a place for the file (no option, and a source
 * file that is not in a directory tree) the entity is not checked, says so in a note, and keeps schema
 * version 1.
 */
final class SchemaHistory {
    private final TypeElement entity;
    private final Optional<Path> file;
    private final Optional<SchemaDocument> previous;

    private SchemaHistory(TypeElement entity, Optional<Path> file, Optional<SchemaDocument> previous) {
        this.entity = entity;
        this.file = file;
        this.previous = previous;
    }

    /** Finds and reads the schema file of {@code entity}; reports a file that cannot be read. */
    static SchemaHistory open(TypeElement entity, ProcessingEnvironment env, ErrorReporter reporter) {
        SchemaFiles.Location location = SchemaFiles.locate(entity, env);
        if (location.file().isEmpty()) {
            reporter.note(entity, Message.SCHEMA_UNCHECKED, entity.getQualifiedName(), location.reason());
            return new SchemaHistory(entity, Optional.empty(), Optional.empty());
        }
        Path file = location.file().get();
        try {
            return new SchemaHistory(entity, location.file(), SchemaFiles.read(file));
        } catch (IOException | RuntimeException e) {
            reporter.error(entity, Message.SCHEMA_FILE_UNREADABLE, file, entity.getSimpleName(), e.getMessage());
            return new SchemaHistory(entity, location.file(), Optional.empty());
        }
    }

    /** What the schema file recorded before this build, if it exists. */
    Optional<SchemaDocument> previous() {
        return previous;
    }

    /**
     * Checks {@code model} against the recorded schema, and returns the schema this build records: the
     * same document if nothing changed, else one with the next version. Empty if an incompatible change
     * was reported.
     */
    Optional<SchemaDocument> evolve(EntityModel model, ProcessingEnvironment env, ErrorReporter reporter) {
        SchemaDocument schema = SchemaDescriber.describe(model, previous);
        if (previous.isPresent()) {
            new EvolutionValidator(env.getElementUtils()).check(model, previous.get(), schema, file.orElseThrow(),
                    reporter);
            if (reporter.hasErrors()) {
                return Optional.empty();
            }
        }
        return Optional.of(schema);
    }

    /** Writes {@code schema} to the schema file, if there is one and it does not already hold it. */
    void save(SchemaDocument schema, ErrorReporter reporter) {
        if (file.isEmpty()) {
            return;
        }
        try {
            SchemaFiles.write(file.get(), schema);
        } catch (IOException | RuntimeException e) {
            reporter.error(entity, Message.SCHEMA_FILE_UNWRITABLE, file.get(), entity.getSimpleName(), e.toString());
        }
    }
}
