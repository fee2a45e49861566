package io.kvmapper.processor.query.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Method names read as derived queries, and the names that are none, with where the parser stopped. */
class MethodNameParserTest {

    /** The parse written compactly: subject, limit, groups (| between Or groups, & between conditions), order. */
    private static String compact(String name) throws NameParseException {
        ParsedName parsed = MethodNameParser.parse(name);
        String groups = parsed.groups().stream()
                .map(g -> g.stream().map(c -> first(c)).collect(Collectors.joining("&")))
                .collect(Collectors.joining("|"));
        String order = parsed.orderBy().stream().map(o -> o.property() + (o.descending() ? "-" : "+"))
                .collect(Collectors.joining(","));
        return parsed.subject() + " " + parsed.limit() + " " + groups + " " + order;
    }

    private static String first(Condition condition) {
        Condition.Reading reading = condition.readings().get(0);
        return reading.property() + (reading.operator() == Operator.EQUAL ? "" : ":" + reading.operator());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "findByAgeBetween; FIND -1 Age:BETWEEN ",
            "findByCityOrderByAgeDesc; FIND -1 City Age-",
            "findByCityAndAgeGreaterThanEqual; FIND -1 City&Age:GREATER_THAN_EQUAL ",
            "findFirstByStatusOrderByJoinedAtDesc; FIND 1 Status JoinedAt-",
            "findTop10ByStatus; FIND 10 Status ",
            "findTopByStatus; FIND 1 Status ",
            "findTop0ByStatus; FIND 0 Status ",
            "findByStatusIn; FIND -1 Status:IN ",
            "findByNameStartingWith; FIND -1 Name:STARTING_WITH ",
            "findByEmailOrUsername; FIND -1 Email|Username ",
            "streamByCity; STREAM -1 City ",
            "countByStatus; COUNT -1 Status ",
            "existsByEmail; EXISTS -1 Email ",
            "deleteByStatus; DELETE -1 Status ",
            "removeByStatus; DELETE -1 Status ",
            "getByEmail; FIND -1 Email ",
            "findUsersByEmail; FIND -1 Email ",
            "findAllByOrderByNameAsc; FIND -1  Name+",
            "findBy; FIND -1  ",
            "findByOrderIdAndOriginOrStatus; FIND -1 OrderId&Origin|Status ",
            "findByAAndBOrCAndD; FIND -1 A&B|C&D ",
            "findByActiveTrueAndDeletedFalse; FIND -1 Active:TRUE&Deleted:FALSE ",
            "findByManagerIsNull; FIND -1 Manager:IS_NULL ",
            "findByAddressCityOrderByAddressCityAscAgeDesc; FIND -1 AddressCity AddressCity+,Age-",
            "findByDescriptionOrderByDescription; FIND -1 Description Description+",
            "findByCreatedAtBeforeAndCreatedAtAfter; FIND -1 CreatedAt:BEFORE&CreatedAt:AFTER ",
            "findByNameIs; FIND -1 Name ",
            "findFirst3ByNameOrderByAgeAscNameDesc; FIND 3 Name Age+,Name-",
    })
    void readsTheVocabulary(String name, String expected) throws NameParseException {
        assertEquals(expected.strip(), compact(name).strip(), name);
    }

    /** A name whose end may be an operator or part of the property gets both readings, the operator first. */
    @Test
    void anAmbiguousEndingGivesEveryReadingLongestKeywordFirst() throws NameParseException {
        Condition loggedIn = MethodNameParser.parse("findByLoggedIn").groups().get(0).get(0);
        assertEquals(List.of(new Condition.Reading("Logged", Operator.IN),
                new Condition.Reading("LoggedIn", Operator.EQUAL)), loggedIn.readings());
        Condition isNull = MethodNameParser.parse("findByStatusIsNull").groups().get(0).get(0);
        assertEquals(List.of(new Condition.Reading("Status", Operator.IS_NULL),
                new Condition.Reading("StatusIs", Operator.IS_NULL), new Condition.Reading("StatusIsNull", Operator.EQUAL)),
                isNull.readings());
        Condition atLeast = MethodNameParser.parse("findByAgeGreaterThanEqual").groups().get(0).get(0);
        assertEquals(new Condition.Reading("Age", Operator.GREATER_THAN_EQUAL), atLeast.readings().get(0));
    }

    @Test
    void theLimitIsKeptAsWritten() throws NameParseException {
        assertEquals("Top0", MethodNameParser.parse("findTop0ByStatus").limitText());
        assertEquals("First", MethodNameParser.parse("findFirstByStatus").limitText());
        assertEquals("", MethodNameParser.parse("findByStatus").limitText());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "lookupByEmail; 0; it starts with none of the subjects",
            "findEmail; 4; no By follows the subject 'find'",
            "finder; 0; it starts with none of the subjects",
            "findByStatusAnd; 12; ",
            "findByAndStatus; 6; a predicate is empty",
            "findByStatusOrOrEmail; 14; a predicate is empty",
            "findByStatusOrderBy; 19; OrderBy names no property",
            "findTop99999999999ByStatus; 7; the limit 99999999999 is too large",
    })
    void saysWhereANameStopsParsing(String name, int position, String problem) {
        if (problem == null) {
            return; // "findByStatusAnd" reads as the property StatusAnd: And ends a name only before a capital
        }
        NameParseException e = assertThrows(NameParseException.class, () -> MethodNameParser.parse(name));
        assertEquals(position, e.position(), e.getMessage());
        assertEquals(true, e.problem().startsWith(problem), e.problem());
    }

    @Test
    void aTrailingAndIsPartOfTheProperty() throws NameParseException {
        assertEquals("FIND -1 StatusAnd", compact("findByStatusAnd").strip());
    }
}
