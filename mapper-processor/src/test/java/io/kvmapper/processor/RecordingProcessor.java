package io.kvmapper.processor;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.QualifiedNameable;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.ForwardingFileObject;
import javax.tools.ForwardingJavaFileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;

/**
 * Runs the KV Mapper processor and records every file it asks the {@link Filer} for: its name, its
 * originating elements and the text written to it (sources and resources). The record is available
 * whether or not the compilation then succeeds, so tests can look at what the processor wrote even
 * when the generated code cannot compile.
 */
final class RecordingProcessor implements Processor {
    /** One file the processor created. */
    static final class CreatedFile {
        private final String kind;
        private final String name;
        private final List<String> originatingElements;
        private final StringWriter text = new StringWriter();

        CreatedFile(String kind, String name, List<String> originatingElements) {
            this.kind = kind;
            this.name = name;
            this.originatingElements = originatingElements;
        }

        /** "source", "class" or "resource". */
        String kind() {
            return kind;
        }

        /** The qualified type name of a source or class file, or the package-relative resource name. */
        String name() {
            return name;
        }

        /** The qualified names of the elements the processor named as the file's origin. */
        List<String> originatingElements() {
            return originatingElements;
        }

        /** Everything written to the file. */
        String text() {
            return text.toString();
        }
    }

    private final Processor delegate = new KvMapperProcessor();
    private final List<CreatedFile> created = new ArrayList<>();

    /** Every file created so far, in order. */
    List<CreatedFile> created() {
        return List.copyOf(created);
    }

    /** The resource {@code relativeName} (in the unnamed package), if the processor created one. */
    Optional<CreatedFile> resource(String relativeName) {
        return created.stream().filter(f -> f.kind().equals("resource") && f.name().equals(relativeName)).findFirst();
    }

    /** The source file of type {@code qualifiedName}, if the processor created one. */
    Optional<CreatedFile> source(String qualifiedName) {
        return created.stream().filter(f -> f.kind().equals("source") && f.name().equals(qualifiedName)).findFirst();
    }

    @Override
    public void init(ProcessingEnvironment env) {
        Filer filer = new RecordingFiler(env.getFiler());
        ProcessingEnvironment recording = (ProcessingEnvironment) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ProcessingEnvironment.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getFiler")) {
                        return filer;
                    }
                    try {
                        return method.invoke(env, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        delegate.init(recording);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return delegate.getSupportedOptions();
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return delegate.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return delegate.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        return delegate.process(annotations, round);
    }

    @Override
    public Iterable<? extends Completion> getCompletions(Element element, AnnotationMirror annotation,
            ExecutableElement member, String userText) {
        return delegate.getCompletions(element, annotation, member, userText);
    }

    private static List<String> names(Element... elements) {
        return Arrays.stream(elements)
                .map(e -> e instanceof QualifiedNameable q ? q.getQualifiedName().toString() : e.toString())
                .toList();
    }

    private final class RecordingFiler implements Filer {
        private final Filer filer;

        RecordingFiler(Filer filer) {
            this.filer = filer;
        }

        @Override
        public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements) throws IOException {
            CreatedFile file = new CreatedFile("source", name.toString(), names(originatingElements));
            created.add(file);
            return new TeeSourceFile(filer.createSourceFile(name, originatingElements), file);
        }

        @Override
        public JavaFileObject createClassFile(CharSequence name, Element... originatingElements) throws IOException {
            created.add(new CreatedFile("class", name.toString(), names(originatingElements)));
            return filer.createClassFile(name, originatingElements);
        }

        @Override
        public FileObject createResource(JavaFileManager.Location location, CharSequence moduleAndPkg,
                CharSequence relativeName, Element... originatingElements) throws IOException {
            String name = moduleAndPkg.length() == 0 ? relativeName.toString() : moduleAndPkg + "/" + relativeName;
            CreatedFile file = new CreatedFile("resource", name, names(originatingElements));
            created.add(file);
            return new TeeFile<>(filer.createResource(location, moduleAndPkg, relativeName, originatingElements), file);
        }

        @Override
        public FileObject getResource(JavaFileManager.Location location, CharSequence moduleAndPkg,
                CharSequence relativeName) throws IOException {
            return filer.getResource(location, moduleAndPkg, relativeName);
        }
    }

    /** A source file whose writer also copies everything into the record. */
    private static final class TeeSourceFile extends ForwardingJavaFileObject<JavaFileObject> {
        private final CreatedFile record;

        TeeSourceFile(JavaFileObject file, CreatedFile record) {
            super(file);
            this.record = record;
        }

        @Override
        public Writer openWriter() throws IOException {
            return tee(super.openWriter(), record);
        }
    }

    /** A resource whose writer also copies everything into the record. */
    private static final class TeeFile<F extends FileObject> extends ForwardingFileObject<F> {
        private final CreatedFile record;

        TeeFile(F file, CreatedFile record) {
            super(file);
            this.record = record;
        }

        @Override
        public Writer openWriter() throws IOException {
            return tee(super.openWriter(), record);
        }
    }

    private static Writer tee(Writer writer, CreatedFile record) {
        return new FilterWriter(writer) {
            @Override
            public void write(int c) throws IOException {
                super.write(c);
                record.text.write(c);
            }

            @Override
            public void write(char[] buffer, int offset, int length) throws IOException {
                super.write(buffer, offset, length);
                record.text.write(buffer, offset, length);
            }

            @Override
            public void write(String text, int offset, int length) throws IOException {
                super.write(text, offset, length);
                record.text.write(text, offset, length);
            }
        };
    }
}
