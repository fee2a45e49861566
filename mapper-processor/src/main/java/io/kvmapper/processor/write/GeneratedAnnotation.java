package io.kvmapper.processor.write;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import io.kvmapper.processor.names.GeneratedNames;
import java.util.Optional;
import javax.lang.model.util.Elements;

/** {@code @Generated} with the processor's name and no timestamp, when the platform has it. */
final class GeneratedAnnotation {
    private static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

    private GeneratedAnnotation() {
    }

    static Optional<AnnotationSpec> of(Elements elements) {
        if (elements.getTypeElement(GENERATED.canonicalName()) == null) {
            return Optional.empty();
        }
        return Optional.of(AnnotationSpec.builder(GENERATED).addMember("value", "$S", GeneratedNames.PROCESSOR).build());
    }
}
