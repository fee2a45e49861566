package io.kvmapper.processor.query.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads the name of a derived query method, in the spirit of Micronaut Data's {@code MethodNameParser} and
 * Spring Data's {@code PartTree}: a subject ({@code find}, {@code stream}, {@code count}, {@code exists},
 * {@code delete}, with Spring Data's aliases), an optional {@code First}/{@code Top<N>} and words up to
 * {@code By}, then predicates joined by {@code And} and {@code Or} ({@code And} binds tighter), then an optional
 * {@code OrderBy} of properties each followed by an optional {@code Asc} or {@code Desc}. Keywords count only at
 * camel-case boundaries ({@code Or} followed by a capital), so {@code OrderId} and {@code Origin} are properties.
 * It knows nothing of the entity: which property a predicate names is for the validator to decide among the
 * readings it returns.
 */
public final class MethodNameParser {
    private static final String BY = "By";
    private static final String ORDER_BY = "OrderBy";
    private static final List<String> OPERATOR_KEYWORDS = operatorKeywords();

    private MethodNameParser() {
    }

    /**
     * Reads {@code name}.
     *
     * @throws NameParseException if it is no derived query, saying where the parser stopped
     */
    public static ParsedName parse(String name) throws NameParseException {
        Subject subject = null;
        String word = "";
        for (Subject candidate : Subject.values()) {
            for (String w : candidate.words()) {
                if (w.length() > word.length() && startsWord(name, 0, w)) {
                    subject = candidate;
                    word = w;
                }
            }
        }
        if (subject == null) {
            throw new NameParseException("it starts with none of the subjects find, stream, count, exists and delete"
                    + " (or Spring Data's read, get, query, search and remove)", 0);
        }
        int by = findWord(name, word.length(), BY);
        if (by < 0) {
            throw new NameParseException("no By follows the subject '" + word + "'", word.length());
        }
        int at = word.length();
        int limit = -1;
        String limitText = "";
        for (String limitWord : List.of("First", "Top")) {
            if (name.startsWith(limitWord, at)) {
                int digits = at + limitWord.length();
                while (digits < by && Character.isDigit(name.charAt(digits))) {
                    digits++;
                }
                if (digits < by && !Character.isUpperCase(name.charAt(digits))) {
                    continue;
                }
                limitText = name.substring(at, digits);
                String number = name.substring(at + limitWord.length(), digits);
                try {
                    limit = number.isEmpty() ? 1 : Integer.parseInt(number);
                } catch (NumberFormatException e) {
                    throw new NameParseException("the limit " + number + " is too large", at + limitWord.length());
                }
                at = digits;
                break;
            }
        }
        int start = by + BY.length();
        int orderBy = findWord(name, start, ORDER_BY);
        int predicatesEnd = orderBy < 0 ? name.length() : orderBy;
        List<List<Condition>> groups = predicates(name, start, predicatesEnd);
        List<OrderClause> order = orderBy < 0 ? List.of() : order(name, orderBy + ORDER_BY.length());
        return new ParsedName(subject, limit, limitText, groups, order);
    }

    private static List<List<Condition>> predicates(String name, int start, int end) throws NameParseException {
        List<List<Condition>> groups = new ArrayList<>();
        if (start == end) {
            return groups;
        }
        for (int[] group : split(name, start, end, "Or")) {
            List<Condition> conditions = new ArrayList<>();
            for (int[] part : split(name, group[0], group[1], "And")) {
                if (part[0] == part[1]) {
                    throw new NameParseException("a predicate is empty (And or Or with nothing on one side)", part[0]);
                }
                conditions.add(condition(name.substring(part[0], part[1])));
            }
            groups.add(conditions);
        }
        return groups;
    }

    /** The readings of one predicate, longest operator keyword first, then the whole text as a property. */
    private static Condition condition(String text) {
        List<Condition.Reading> readings = new ArrayList<>();
        for (String keyword : OPERATOR_KEYWORDS) {
            if (text.length() > keyword.length() && text.endsWith(keyword)) {
                readings.add(new Condition.Reading(text.substring(0, text.length() - keyword.length()),
                        operatorOf(keyword)));
            }
        }
        readings.add(new Condition.Reading(text, Operator.EQUAL));
        return new Condition(text, readings);
    }

    private static List<OrderClause> order(String name, int start) throws NameParseException {
        if (start == name.length()) {
            throw new NameParseException("OrderBy names no property", start);
        }
        List<OrderClause> clauses = new ArrayList<>();
        int from = start;
        int i = start + 1;
        while (i <= name.length()) {
            int direction = 0;
            if (startsWord(name, i, "Desc")) {
                direction = 4;
            } else if (startsWord(name, i, "Asc")) {
                direction = 3;
            }
            if (direction > 0 || i == name.length()) {
                if (i == from) {
                    throw new NameParseException("an OrderBy direction follows no property", i);
                }
                clauses.add(new OrderClause(name.substring(from, i), direction == 4));
                from = i + direction;
                i = from + 1;
                if (from == name.length()) {
                    break;
                }
                continue;
            }
            i++;
        }
        return clauses;
    }

    /** The parts of {@code name[start, end)} between occurrences of {@code word} at camel-case boundaries. */
    private static List<int[]> split(String name, int start, int end, String word) {
        List<int[]> parts = new ArrayList<>();
        int from = start;
        for (int i = start; i + word.length() <= end; i++) {
            if (name.startsWith(word, i) && i + word.length() < end
                    && Character.isUpperCase(name.charAt(i + word.length()))) {
                parts.add(new int[] {from, i});
                from = i + word.length();
                i = from - 1;
            }
        }
        parts.add(new int[] {from, end});
        return parts;
    }

    /** The first position from {@code from} where {@code word} stands as a camel-case word, or -1. */
    private static int findWord(String name, int from, String word) {
        for (int i = from; i + word.length() <= name.length(); i++) {
            if (startsWord(name, i, word)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether {@code word} stands at {@code at}, followed by the end or a capital letter. */
    private static boolean startsWord(String name, int at, String word) {
        int end = at + word.length();
        return name.startsWith(word, at) && (end == name.length() || Character.isUpperCase(name.charAt(end)));
    }

    private static Operator operatorOf(String keyword) {
        for (Operator operator : Operator.values()) {
            if (operator.keywords().contains(keyword)) {
                return operator;
            }
        }
        throw new IllegalArgumentException(keyword);
    }

    private static List<String> operatorKeywords() {
        List<String> keywords = new ArrayList<>();
        for (Operator operator : Operator.values()) {
            keywords.addAll(operator.keywords());
        }
        keywords.sort(Comparator.comparingInt(String::length).reversed());
        return List.copyOf(keywords);
    }
}
