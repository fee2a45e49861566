package io.kvmapper.processor.diagnostic;

/**
 * Every diagnostic the processor reports. Each states the rule, names the offending thing and says
 * how to fix it.
 */
public enum Message {
    ENTITY_KIND("@Entity applies to a record or a class; %s is %s"),
    ENTITY_ABSTRACT("@Entity class %s is abstract; an entity must be a concrete record or class"),
    ENTITY_GENERIC("@Entity %s declares type parameters; an entity cannot be generic, store a concrete subtype instead"),
    ENTITY_NOT_REACHABLE("@Entity %s must be a top-level or static nested type that is not private, so that the generated "
            + "repository in its package can use it"),
    ENTITY_NAME_BLANK("@Entity name of %s is blank; leave it out to use the simple class name, or give a name"),
    ENTITY_NAME_RESERVED("@Entity name \"%s\" starts with '$', which KV Mapper reserves for its own structures "
            + "(such as multimaps); choose a name without it"),
    NO_KEY("@Entity %s has no @Key field; mark the field or fields that identify an entity with @Key"),
    KEY_TYPE("@Key field '%s' has type %s; a key component must be a scalar: a primitive or its box, String, byte[], "
            + "an enum, UUID, Instant, LocalDate, LocalDateTime, BigDecimal or BigInteger (keys sort by their "
            + "components, which neither an @Embedded object nor a value written by Jackson databind can be encoded "
            + "for)"),
    KEY_ORDER_NEGATIVE("@Key field '%s' has order %d; an order is 0 or more (or -1, the default, for declaration order)"),
    KEY_ORDER_DUPLICATE("@Key field '%s' has order %d, like field '%s'; give each key component its own order"),
    KEY_ORDER_PARTIAL("@Key field '%s' has no order while field '%s' has one; give every key component an order, or none"),
    KEY_PARTITION_NOT_LEADING("@Key field '%s' is a partition component but follows field '%s', which is not; partition "
            + "components must lead the key, so give them the lowest orders"),
    TRANSIENT_ANNOTATED("@%s on transient field '%s' means nothing: transient fields are not stored; remove one of "
            + "them"),
    KEY_TRANSIENT("field '%s' is both @Key and @Transient; a key component is always stored, so remove one of them"),
    NO_CONSTRUCTOR("class %s has no no-argument constructor that its package can call; add one (package-private is "
            + "enough), or make %s a record"),
    CHECKED_EXCEPTION("%s declares the checked exception(s) %s, which generated code cannot let through; remove "
            + "them or throw an unchecked exception"),
    NO_READ_ACCESS("field '%s' of %s is private and has no getter; make it non-private or add a method %s()"),
    NO_WRITE_ACCESS("field '%s' of %s is %s and has no setter; make it non-private and non-final, or add a method "
            + "%s(%s)"),
    FIELD_TYPE("field '%s' has type %s, which KV Mapper cannot store; use a scalar (primitive or box, String, byte[], "
            + "enum, UUID, Instant, LocalDate, LocalDateTime, BigDecimal, BigInteger), a List, Set or Map of them, "
            + "an Optional of a scalar, or mark a value-object field @Embedded"),
    UNSUPPORTED_TYPE("field '%s' has type %s, and KV Mapper generates no code for %s (it writes scalars: "
            + "primitives and boxes, String, byte[], enums, UUID, Instant, LocalDate, LocalDateTime, BigDecimal, "
            + "BigInteger; List, Set and Map of them; Optional of a scalar; and @Embedded records and classes); if %s "
            + "is a value object, mark the field @Embedded to have code generated for it, or add "
            + "tools.jackson.core:jackson-databind (Jackson 3) to the compile class path to have the JSON codec write "
            + "the field with Jackson databind"),
    UNSUPPORTED_TYPE_PROTOBUF("field '%s' has type %s, and KV Mapper generates no code for %s; %s uses "
            + "Codec.PROTOBUF, whose values hold only what the exported .proto file describes, so the Jackson "
            + "databind fallback of the JSON codec cannot write it; mark the field @Embedded if %s is a value "
            + "object, or use Codec.JSON (with jackson-databind on the class path)"),
    UNSUPPORTED_TYPE_ATTRIBUTES("field '%s' has type %s, and KV Mapper generates no code for %s; %s uses "
            + "Layout.ATTRIBUTE_PER_KEY, which stores every attribute, element and embedded field under a "
            + "tuple-encoded key of its own and so needs generated code for every part of a value, not one opaque "
            + "value written by Jackson databind; mark the field @Embedded if %s is a value object, or use "
            + "Layout.MONOLITHIC"),
    DATABIND_TYPE_UNKNOWN("field '%s' has type %s, which KV Mapper would write with Jackson databind, but %s gives "
            + "databind no type to read a value back as (it would come back as a Map, List, String or number, not "
            + "as what was saved); declare a concrete type, or use tools.jackson.databind.JsonNode for free-form "
            + "JSON"),
    DATABIND_TYPE_ABSTRACT("field '%s' has type %s, which KV Mapper would write with Jackson databind, but %s is %s "
            + "without Jackson type information: databind would write an implementation's properties (or none) and "
            + "could not tell, reading them back, which class to build; annotate %s with @JsonTypeInfo (and "
            + "@JsonSubTypes) or @JsonDeserialize(as = ...), or declare a concrete type"),
    DATABIND_FIELD("field '%s' of type %s is written by Jackson databind (reflection) instead of generated code, "
            + "because KV Mapper generates no code for %s: saving and reading it costs more, and that it reads "
            + "back as saved is not checked at compile time; mark the field @Embedded to have code generated if %s "
            + "is a value object (a record or class), or store it as supported types (see docs/codecs.md)"),
    OPTIONAL_TYPE("field '%s' has type %s; an Optional holds a scalar or an @Embedded object and is the field's own "
            + "type, never inside a collection, map or Optional; for a collection, store an empty one instead"),
    FIELD_NUMBER_RANGE("field '%s' has @Field number %d; a Protobuf field number is from 1 to 536870911 (2^29 - 1); "
            + "choose one in that range, or leave the number out to have one assigned"),
    FIELD_NUMBER_RESERVED("field '%s' has @Field number %d, in 19000 to 19999, which Protobuf reserves for its own "
            + "use; choose another number"),
    FIELD_NUMBER_DUPLICATE("field '%s' has @Field number %d, like field '%s' of %s; give each field of a type its own "
            + "number"),
    PROTO_NAME("field '%s' is stored under the name \"%s\", which is not a Protobuf field name (ASCII letters, digits "
            + "and underscores, not starting with a digit); %s uses Codec.PROTOBUF, so give the field a @Field(name) "
            + "that is one"),
    TYPE_NOT_VISIBLE("field '%s' has type %s, which generated code in package %s cannot name; make the type "
            + "package-private or public"),
    MAP_KEY_TYPE("map field '%s' has key type %s; map keys must be String, an enum, UUID, or an integer type"),
    EMBEDDED_TYPE("@Embedded field '%s' has type %s; @Embedded applies to a record or class value object, or a List, "
            + "Set or Map of them"),
    EMBEDDED_CYCLE("@Embedded field '%s' makes %s contain itself (%s); embedded objects cannot form a cycle, store the "
            + "inner object as an entity of its own and refer to it by key"),
    STORED_NAME_DUPLICATE("field '%s' is stored under the name \"%s\", like field '%s'; give one of them another "
            + "@Field(name)"),
    MISPLACED_ENTITY_ONLY("@%s on '%s' means nothing here: it applies to fields of an @Entity record or class, or of "
            + "an abstract class that entities extend"),
    STATIC_FIELD("@%s on static field '%s' means nothing: static fields are not stored"),
    PATH_UNKNOWN("%s: %s has no stored field '%s'; name a field, or a dotted path through @Embedded fields such as "
            + "\"address.city\""),
    PATH_NOT_EMBEDDED("%s: '%s' in path \"%s\" is not a single @Embedded object, so the path cannot go on through "
            + "it (a path goes through embedded objects, not collections or scalars)"),
    PATH_DUPLICATE("%s: \"%s\" and \"%s\" would both become the argument '%s'; name each field once"),
    PATH_TYPE("%s: \"%s\" has type %s, which cannot be encoded in a key; use a scalar field%s"),
    PATH_DATABIND("%s: '%s' in path \"%s\" has type %s and is written by Jackson databind as one opaque JSON value, "
            + "which KV Mapper cannot look into or encode in a key, so it cannot be indexed, counted or summed; use a "
            + "scalar field, or mark '%s' @Embedded and name a scalar field inside it"),
    INDEX_FIELDS_ON_FIELD("@Index on field '%s' indexes that field, so 'fields' means nothing here; put a composite "
            + "@Index on the class instead"),
    INDEX_NO_FIELDS("@Index on %s needs fields = {...}: the fields or dotted paths it indexes"),
    INDEX_TWO_COLLECTIONS("@Index \"%s\": \"%s\" and \"%s\" are both collections; an index holds at most one "
            + "collection"),
    NAME_INVALID("%s: \"%s\" is not a Java identifier, and it names generated methods; choose a name such as "
            + "\"byStatus\""),
    NAME_DUPLICATE("%s: %s already has %s named \"%s\"; give each its own name"),
    SUM_TYPE("@Counter \"%s\": sum field \"%s\" is %s; sum needs a numeric field (int, long, short, byte, or their "
            + "boxes)"),
    VERSION_TYPE("@Version field '%s' has type %s; a version is a long"),
    VERSION_DUPLICATE("@Version field '%s': %s already has the @Version field '%s'; keep one"),
    VERSION_KEY("@Version field '%s' is also a @Key; the version changes on every save, so it cannot identify the "
            + "entity"),
    EXPIRES_TYPE("@Expires field '%s' has type %s; an expiry is a java.time.Instant (null for an entity that never "
            + "expires)"),
    EXPIRES_KEY("@Expires field '%s' is also a @Key; a key identifies the entity for good, while its expiry moves "
            + "with each save; keep the expiry in a field of its own"),
    EXPIRES_DUPLICATE("@Expires field '%s': %s already has the @Expires field '%s'; an entity expires at one instant, "
            + "keep one"),
    CHANGE_FEED_RETENTION("@ChangeFeed retention \"%s\" of %s is not a positive ISO-8601 duration; write one such as "
            + "\"P7D\" (seven days) or \"PT12H\" (twelve hours)"),
    CHANGE_FEED_NOT_ENTITY("@ChangeFeed on %s means nothing: it keeps the changes of an @Entity; add @Entity, or "
            + "remove @ChangeFeed"),
    METHOD_COLLISION("%s would generate %s, which the repository already has for %s; rename it"),
    CODEC_WITH_ATTRIBUTES("@Entity %s: Codec.PROTOBUF encodes the values of the monolithic layout; in the "
            + "attribute-per-key layout every attribute is a tuple-encoded key of its own, so no codec applies; remove "
            + "codec, or use Layout.MONOLITHIC"),
    SET_ELEMENT_IN_KEY("field '%s' stores a %s; in the attribute-per-key layout each set element is stored in a key, "
            + "so a set's elements must be scalars; use a List, or Layout.MONOLITHIC for this entity"),
    SCHEMA_UNCHECKED("schema evolution of %s is not checked, and no schema file is written: %s; pass the processor "
            + "option -Akvmapper.schemaDir=<directory> to keep schema files there"),
    SCHEMA_FILE_UNREADABLE("the schema file %s of %s cannot be read: %s; restore it from version control, or delete it "
            + "to start a new schema history"),
    SCHEMA_FILE_UNWRITABLE("the schema file %s of %s cannot be written: %s; make its directory writable, or pass "
            + "-Akvmapper.schemaDir=<directory> to keep schema files elsewhere"),
    EVOLVED_NAME("@Entity %s: its stored name was \"%s\" and is \"%s\" now; the records stored under the old name "
            + "would be invisible to the new code. Revert the name; to move the records, keep this class under the old "
            + "name, declare a new entity class with the new name and copy the records, or, for a store you can rebuild "
            + "from scratch, delete the schema file %s to start a new history"),
    EVOLVED_STORAGE("@Entity %s: its %s was %s and is %s now; stored records are not converted, so the new code would "
            + "read them as corrupt. Revert the %s; to change it, store the entity under a new @Entity(name) and copy the "
            + "records, or, for a store you can rebuild from scratch, delete the schema file %s to start a new history"),
    EVOLVED_KEY_SIZE("@Entity %s: its key had %d component(s) (%s) and has %d now (%s); records are found by their "
            + "key, so the new code would not find the stored ones. Revert the key; to change it, store the entity under "
            + "a new @Entity(name) and copy the records, or, for a store you can rebuild from scratch, delete the schema "
            + "file %s to start a new history"),
    EVOLVED_KEY_COMPONENT("@Key field '%s': key component %d was %s and is %s now; records are found by their key, so "
            + "the new code would not find the stored ones. Revert the component; to change it, store the entity under a "
            + "new @Entity(name) and copy the records, or, for a store you can rebuild from scratch, delete the schema "
            + "file %s to start a new history"),
    EVOLVED_FIELD_TYPE("field '%s' has type %s, but the schema file records type %s for its stored name \"%s\"%s; "
            + "stored values are not converted (the one change they survive is widening an integer type: byte to short to "
            + "int to long, or Byte to Short to Integer to Long). Revert the type, or store the field under a new name "
            + "(rename it, or give it another @Field(name)): the old field is then removed, and the new one reads as "
            + "empty from stored records"),
    EVOLVED_NUMBER_CHANGED("field '%s' has @Field number %d, but the schema file records number %d for its stored name "
            + "\"%s\"; stored Protobuf values hold field numbers, so a field's number never changes. State %d, or "
            + "leave the number out to keep it"),
    EVOLVED_NUMBER_REUSED("field '%s' has @Field number %d, which the removed field \"%s\" had; stored Protobuf "
            + "values may still hold that field under it, so the number stays reserved. Choose another number, or leave "
            + "it out to have an unused one assigned; if '%s' is meant to bring \"%s\" back, give it "
            + "@Field(name = \"%s\") (and its old type) instead"),
    EVOLVED_NUMBER_TAKEN("field '%s' has @Field number %d, which the schema file records for field '%s' (stored as "
            + "\"%s\"), and a field's number never changes; choose another number, or leave it out to have an unused "
            + "one assigned"),
    EVOLVED_INDEX("@Index \"%s\" was %s and is %s now; an index redefined under its old name is unusable until "
            + "the store has rebuilt it, and code still running the old definition would keep writing its entries. Give "
            + "the changed index a new name (the old one is dropped, and the new one built online from the stored "
            + "records), or revert it"),
    EVOLVED_COUNTER("@Counter \"%s\" was %s and is %s now; a counter redefined under its old name is unusable until "
            + "the store has rebuilt it, and code still running the old definition would keep adding to its figures. "
            + "Give the changed counter a new name (the old one is dropped, and the new one built online from the stored "
            + "records), or revert it"),
    QUERY_NOT_INTERFACE("@Repository applies to an interface that extends CrudRepository<E, K>; %s is %s; declare an "
            + "interface instead"),
    QUERY_NO_CRUD("@Repository interface %s does not extend io.kvmapper.CrudRepository<E, K>; extend it with the entity "
            + "and its key type, such as CrudRepository<User, Long>"),
    QUERY_NOT_ENTITY("@Repository interface %s extends CrudRepository<%s, ...>, and %s is not an @Entity; name an "
            + "@Entity type as the first type argument"),
    QUERY_ENTITY_INVALID("@Repository interface %s: its entity %s has errors, so no %s_Impl is generated; fix the "
            + "errors reported on %s"),
    QUERY_KEY_TYPE("@Repository interface %s extends CrudRepository<%s, %s>, but the key of %s is %s; declare "
            + "CrudRepository<%s, %s>"),
    QUERY_PACKAGE("@Repository interface %s is in package %s, and its entity %s in package %s; the generated %s_Impl "
            + "reads the entity's package-private mapping, so declare the interface in package %s"),
    QUERY_UNSUPPORTED_METHOD("%s is neither a derived query nor a CrudRepository method nor with(Transaction), so "
            + "%s_Impl cannot implement it: %s; make it a default method, or name it as a derived query such as "
            + "findByStatus"),
    QUERY_WITH_TYPE("with(Transaction) returns %s; it returns the same queries inside the unit of work, so declare it "
            + "to return %s"),
    QUERY_UNPARSEABLE("%s: the method name does not parse as a derived query: %s, at \"%s\" (after \"%s\"); a "
            + "derived query is a subject (find, stream, count, exists, delete; find may be findFirst or findTop<N>), "
            + "By, predicates joined by And or Or, then OrderBy<Property>[Asc|Desc]"),
    QUERY_TOP_ZERO("%s: %s asks for no entity at all; give a limit of 1 or more (First and Top alone mean 1)"),
    QUERY_LIMIT_FORM("%s: %s limits what a find or stream method returns as a List, Stream, Optional or entity; "
            + "a %s cannot take it, so remove %s"),
    QUERY_UNKNOWN_PROPERTY("%s: %s has no property '%s' (from \"%s\"); name a stored field in camel case, or a path "
            + "through @Embedded fields such as AddressCity for address.city (its fields: %s)"),
    QUERY_PROPERTY_TYPE("%s: '%s' has type %s, which a derived query cannot compare; compare a scalar field, a List or "
            + "Set of scalars (equality and In test the elements), or a scalar inside an @Embedded field"),
    QUERY_STARTING_WITH_TYPE("%s: StartingWith applies to String properties, and '%s' is %s; use Between or a "
            + "comparison for other types"),
    QUERY_BOOLEAN_TYPE("%s: %s applies to boolean properties, and '%s' is %s; compare it for equality instead"),
    QUERY_COLLECTION_RANGE("%s: '%s' is a collection, and %s would compare each element, finding an entity once per "
            + "element; test its elements with equality or In"),
    QUERY_NEVER_NULL("%s: '%s' is %s, which is never null, so IsNull never holds; remove the predicate"),
    QUERY_PARAMETER_COUNT("%s: its predicates take %d argument(s) (%s)%s, and the method declares %d parameter(s); "
            + "declare one parameter per argument, in the order of the predicates"),
    QUERY_PARAMETER_TYPE("%s: parameter '%s' has type %s, and %s compares it with '%s' of type %s; declare the "
            + "parameter as %s"),
    QUERY_IN_NOT_COLLECTION("%s: %sIn takes a collection of values, and parameter '%s' has type %s; declare it as "
            + "Collection<%s> (or a List or Set)"),
    QUERY_PAGE_PARAMETER("%s: it returns a Page, so its last parameter is the PageRequest of the page to read, and it "
            + "is %s; add a last parameter PageRequest page"),
    QUERY_RETURN_TYPE("%s: a %s method cannot return %s; return %s"),
    QUERY_UNSERVABLE("%s: no key prefix or index of %s starts with %s, so answering it would scan every %s; add %s to "
            + "%s (or @Index on the field, for one field), or mark the method @AllowScan to scan on purpose"),
    QUERY_ORDER_NOT_SERVED("%s: OrderBy %s is not the order of %s, which serves the method and gives its entities by "
            + "%s; add @Index(fields = {%s}) to %s so that an index gives that order, or sort the results yourself"),
    QUERY_MERGE_ORDER("%s: %s; the scans of an Or or In merge without duplicates only when each comes in "
            + "primary-key order (every field of its index fixed by equality or In) or all come in the OrderBy order "
            + "alike; add an OrderBy that every scan serves, or declare one method per scan"),
    QUERY_PLAN("%s: %s"),
    UNRESOLVED_TYPES("%s refers to types that never became available: %s; check the imports, and that any processor "
            + "generating them runs in the same compilation"),
    UNEXPECTED("the KV Mapper processor failed on %s; please report this with the stack trace:%n%s");

    private final String format;

    Message(String format) {
        this.format = format;
    }

    /** The message with its arguments filled in. */
    public String format(Object... args) {
        return String.format(format, args);
    }
}
