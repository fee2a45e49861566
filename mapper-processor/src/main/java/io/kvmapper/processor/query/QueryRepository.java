package io.kvmapper.processor.query;

import io.kvmapper.processor.model.EntityModel;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;

/**
 * A {@code @Repository} interface, checked: what its {@code _Impl} implements.
 *
 * @param element the interface
 * @param crud the interface's {@code CrudRepository<E, K>} supertype
 * @param entity the entity {@code E}
 * @param methods its derived queries
 * @param with its {@code with(Transaction)} method, or null if it declares none
 */
public record QueryRepository(TypeElement element, DeclaredType crud, EntityModel entity, List<QueryMethod> methods,
        ExecutableElement with) {
    public QueryRepository {
        methods = List.copyOf(methods);
    }
}
