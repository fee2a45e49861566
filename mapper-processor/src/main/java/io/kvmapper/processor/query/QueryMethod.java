package io.kvmapper.processor.query;

import io.kvmapper.processor.query.parse.Subject;
import java.util.List;
import javax.lang.model.element.ExecutableElement;

/**
 * One derived query method of a {@code @Repository} interface, checked and planned.
 *
 * @param element the method
 * @param subject what it does
 * @param returns what it returns
 * @param limit the {@code First}/{@code Top} limit, or 0 for none
 * @param groups its predicates: {@code Or} of {@code And} groups
 * @param order its {@code OrderBy}
 * @param plan how it is served
 * @param pageParameter the name of its last {@code PageRequest} parameter, or null
 */
public record QueryMethod(ExecutableElement element, Subject subject, ReturnKind returns, int limit,
        List<List<QueryPredicate>> groups, List<OrderProperty> order, QueryPlan plan, String pageParameter) {
    public QueryMethod {
        groups = groups.stream().map(List::copyOf).toList();
        order = List.copyOf(order);
    }

    /** The method's name. */
    public String name() {
        return element.getSimpleName().toString();
    }
}
