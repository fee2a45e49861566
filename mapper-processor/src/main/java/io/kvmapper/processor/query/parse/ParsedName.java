package io.kvmapper.processor.query.parse;

import java.util.List;

/**
 * A method name read as a derived query: {@code findTop10ByStatusAndAgeGreaterThanOrCityOrderByAgeDesc}.
 *
 * @param subject what the method does
 * @param limit the {@code First}/{@code Top<N>} limit: -1 for none, else N ({@code First} and {@code Top}
 *     alone are 1; {@code Top0} is 0, which the validator rejects)
 * @param limitText the limit as written ({@code Top0}), for messages; empty for none
 * @param groups the predicates: {@code Or} of groups, each an {@code And} of conditions; empty for none
 * @param orderBy the {@code OrderBy} properties, in order; empty for none
 */
public record ParsedName(Subject subject, int limit, String limitText, List<List<Condition>> groups,
        List<OrderClause> orderBy) {
    public ParsedName {
        groups = groups.stream().map(List::copyOf).toList();
        orderBy = List.copyOf(orderBy);
    }
}
