package io.kvmapper.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import io.kvmapper.annotation.Codec;
import io.kvmapper.processor.annotations.AnnotationReader;
import io.kvmapper.processor.annotations.Annotations;
import io.kvmapper.processor.diagnostic.ErrorReporter;
import io.kvmapper.processor.diagnostic.Message;
import io.kvmapper.processor.model.EntityModel;
import io.kvmapper.processor.names.GeneratedNames;
import io.kvmapper.processor.query.QueryRepository;
import io.kvmapper.processor.query.QueryRepositoryValidator;
import io.kvmapper.processor.schema.SchemaFiles;
import io.kvmapper.processor.validate.EntityValidator;
import io.kvmapper.processor.validate.UnresolvedTypeException;
import io.kvmapper.processor.write.AttributeCodecWriter;
import io.kvmapper.processor.write.JsonCodecWriter;
import io.kvmapper.processor.write.MappingWriter;
import io.kvmapper.processor.write.ProtoFileWriter;
import io.kvmapper.processor.write.ProtobufCodecWriter;
import io.kvmapper.processor.write.QueryRepositoryWriter;
import io.kvmapper.processor.write.RepositoryWriter;
import io.kvmapper.schema.document.SchemaDocument;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The KV Mapper annotation processor: for each {@code @Entity} it validates the schema, checks it against
 * the entity's schema file (see {@link SchemaHistory}) and, when both are clean, writes the repository,
 * the key mapping and the value codec, then records the schema in the file. For each {@code @Repository}
 * interface it checks and plans every derived query and writes {@code <Interface>_Impl}. Isolating: each generated
 * file has exactly one originating element: the entity, or the query interface.
 *
 * <p>Option: {@code -Akvmapper.schemaDir=<directory>}, where schema files are kept (by default the
 * directory {@code kvmapper} beside the source root of each entity's source file).
 */
@AutoService(Processor.class)
public final class KvMapperProcessor extends AbstractProcessor {
    /** Entities whose types were not all available, by qualified name, with the type that was missing. */
    private final Map<String, String> deferred = new LinkedHashMap<>();
    /** Query interfaces whose types were not all available, by qualified name, with the type that was missing. */
    private final Map<String, String> deferredQueries = new LinkedHashMap<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(Annotations.ENTITY, Annotations.KEY, Annotations.INDEX, Annotations.INDEX_LIST,
                Annotations.COUNTER, Annotations.COUNTER_LIST, Annotations.EMBEDDED, Annotations.VERSION,
                Annotations.TRANSIENT, Annotations.FIELD, Annotations.EXPIRES, Annotations.CHANGE_FEED,
                Annotations.REPOSITORY, Annotations.ALLOW_SCAN);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(SchemaFiles.OPTION);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (round.processingOver()) {
            reportUnresolved();
            return false;
        }
        Set<TypeElement> entities = new LinkedHashSet<>();
        for (String name : deferred.keySet()) {
            Optional.ofNullable(processingEnv.getElementUtils().getTypeElement(name)).ifPresent(entities::add);
        }
        deferred.clear();
        TypeElement entityAnnotation = processingEnv.getElementUtils().getTypeElement(Annotations.ENTITY);
        if (entityAnnotation != null) {
            for (Element element : round.getElementsAnnotatedWith(entityAnnotation)) {
                entities.add((TypeElement) element);
            }
        }
        checkPlacement(round);
        for (TypeElement entity : entities) {
            process(entity);
        }
        processQueries(round);
        return false;
    }

    /** Implements the {@code @Repository} interfaces of this round and those deferred from earlier ones. */
    private void processQueries(RoundEnvironment round) {
        Set<TypeElement> queries = new LinkedHashSet<>();
        for (String name : deferredQueries.keySet()) {
            Optional.ofNullable(processingEnv.getElementUtils().getTypeElement(name)).ifPresent(queries::add);
        }
        deferredQueries.clear();
        TypeElement repository = processingEnv.getElementUtils().getTypeElement(Annotations.REPOSITORY);
        if (repository != null) {
            for (Element element : round.getElementsAnnotatedWith(repository)) {
                queries.add((TypeElement) element);
            }
        }
        for (TypeElement query : queries) {
            processQuery(query);
        }
    }

    private void processQuery(TypeElement query) {
        ErrorReporter reporter = new ErrorReporter();
        try {
            Optional<QueryRepository> model = new QueryRepositoryValidator(processingEnv, this::entityModel)
                    .validate(query, reporter);
            if (model.isPresent() && !reporter.hasErrors()) {
                JavaFile.builder(processingEnv.getElementUtils().getPackageOf(query).getQualifiedName().toString(),
                                new QueryRepositoryWriter(processingEnv.getElementUtils(), processingEnv.getTypeUtils())
                                        .write(model.get()))
                        .skipJavaLangImports(true)
                        .indent("    ")
                        .build()
                        .writeTo(processingEnv.getFiler());
            }
        } catch (UnresolvedTypeException e) {
            deferredQueries.put(query.getQualifiedName().toString(), e.getMessage());
            return;
        } catch (RuntimeException | IOException e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            reporter.error(query, Message.UNEXPECTED, query.getQualifiedName(), trace);
        }
        reporter.printTo(processingEnv.getMessager());
    }

    /**
     * The model of the entity a query interface names, checked as its own processing checks it; empty if it has
     * errors, which that processing reports (in this compilation or the one that compiled the entity).
     */
    private Optional<EntityModel> entityModel(TypeElement entity) {
        ErrorReporter discarded = new ErrorReporter();
        Optional<EntityModel> model = new EntityValidator(processingEnv, Optional.empty()).validate(entity, discarded);
        return discarded.hasErrors() ? Optional.empty() : model;
    }

    private void process(TypeElement entity) {
        ErrorReporter reporter = new ErrorReporter();
        try {
            SchemaHistory history = SchemaHistory.open(entity, processingEnv, reporter);
            Optional<EntityModel> model = new EntityValidator(processingEnv, history.previous())
                    .validate(entity, reporter);
            if (model.isPresent() && !reporter.hasErrors()) {
                Optional<SchemaDocument> schema = history.evolve(model.get(), processingEnv, reporter);
                if (schema.isPresent()) {
                    write(model.get(), schema.get());
                    history.save(schema.get(), reporter);
                }
            }
        } catch (UnresolvedTypeException e) {
            deferred.put(entity.getQualifiedName().toString(), e.getMessage());
            return;
        } catch (RuntimeException | IOException e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            reporter.error(entity, Message.UNEXPECTED, entity.getQualifiedName(), trace);
        }
        reporter.printTo(processingEnv.getMessager());
    }

    private void write(EntityModel model, SchemaDocument schema) throws IOException {
        var elements = processingEnv.getElementUtils();
        boolean protobuf = model.codec() == Codec.PROTOBUF;
        List<TypeSpec> types = List.of(new MappingWriter(elements).write(model, schema),
                model.isAttributePerKey() ? new AttributeCodecWriter(elements).write(model)
                        : protobuf ? new ProtobufCodecWriter(elements).write(model)
                        : new JsonCodecWriter(elements).write(model),
                new RepositoryWriter(elements).write(model));
        for (TypeSpec type : types) {
            JavaFile.builder(model.className().packageName(), type)
                    .skipJavaLangImports(true)
                    .indent("    ")
                    .build()
                    .writeTo(processingEnv.getFiler());
        }
        if (protobuf) {
            FileObject proto = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "",
                    GeneratedNames.protoFile(model.className()), model.element());
            try (Writer writer = proto.openWriter()) {
                writer.write(ProtoFileWriter.write(model));
            }
        }
    }

    /**
     * Reports KV Mapper annotations on elements where they mean nothing: entity-only annotations on
     * fields of a type that is neither an entity nor an abstract base class of entities, and any of them
     * on a static field.
     */
    private void checkPlacement(RoundEnvironment round) {
        ErrorReporter reporter = new ErrorReporter();
        for (String annotation : List.of(Annotations.KEY, Annotations.INDEX, Annotations.VERSION,
                Annotations.EXPIRES, Annotations.EMBEDDED, Annotations.TRANSIENT, Annotations.FIELD)) {
            TypeElement type = processingEnv.getElementUtils().getTypeElement(annotation);
            if (type == null) {
                continue;
            }
            boolean entityOnly = annotation.equals(Annotations.KEY) || annotation.equals(Annotations.INDEX)
                    || annotation.equals(Annotations.VERSION) || annotation.equals(Annotations.EXPIRES);
            for (Element element : round.getElementsAnnotatedWith(type)) {
                if (element.getKind() == ElementKind.CLASS || element.getKind() == ElementKind.RECORD) {
                    continue;
                }
                Element owner = element.getEnclosingElement();
                if (element.getKind() == ElementKind.FIELD && owner.getKind() == ElementKind.RECORD) {
                    continue;
                }
                String simpleName = Annotations.simpleName(annotation);
                if (element.getModifiers().contains(Modifier.STATIC)) {
                    reporter.error(element, annotation, null, Message.STATIC_FIELD, simpleName, element.getSimpleName());
                } else if (entityOnly && !AnnotationReader.isPresent(owner, Annotations.ENTITY)
                        && !isBaseClass(owner)) {
                    reporter.error(element, annotation, null, Message.MISPLACED_ENTITY_ONLY, simpleName,
                            owner.getSimpleName() + "." + element.getSimpleName());
                }
            }
        }
        TypeElement changeFeed = processingEnv.getElementUtils().getTypeElement(Annotations.CHANGE_FEED);
        if (changeFeed != null) {
            for (Element element : round.getElementsAnnotatedWith(changeFeed)) {
                if (!AnnotationReader.isPresent(element, Annotations.ENTITY)) {
                    reporter.error(element, Annotations.CHANGE_FEED, null, Message.CHANGE_FEED_NOT_ENTITY,
                            element.getSimpleName());
                }
            }
        }
        reporter.printTo(processingEnv.getMessager());
    }

    /** An abstract class may declare keys and fields for the entities that extend it. */
    private static boolean isBaseClass(Element owner) {
        return owner.getKind() == ElementKind.CLASS && owner.getModifiers().contains(Modifier.ABSTRACT);
    }

    private void reportUnresolved() {
        ErrorReporter reporter = new ErrorReporter();
        deferred.putAll(deferredQueries);
        deferredQueries.clear();
        for (Map.Entry<String, String> entry : deferred.entrySet()) {
            TypeElement entity = processingEnv.getElementUtils().getTypeElement(entry.getKey());
            if (entity != null) {
                reporter.error(entity, Message.UNRESOLVED_TYPES, entity.getSimpleName(), entry.getValue());
            }
        }
        deferred.clear();
        reporter.printTo(processingEnv.getMessager());
    }
}
