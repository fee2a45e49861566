package io.kvmapper.processor.write;

import com.palantir.javapoet.ClassName;

/** The runtime types generated code refers to, and the Jackson types of the JSON codec. */
final class RuntimeTypes {
    static final ClassName KV_STORE = ClassName.get("io.kvmapper", "KvStore");
    static final ClassName TRANSACTION = ClassName.get("io.kvmapper", "Transaction");
    static final ClassName PAGE = ClassName.get("io.kvmapper", "Page");
    static final ClassName PAGE_REQUEST = ClassName.get("io.kvmapper", "PageRequest");
    static final ClassName RECORD_RANGE = ClassName.get("io.kvmapper.internal.layout", "RecordRange");
    static final ClassName CRUD_REPOSITORY = ClassName.get("io.kvmapper", "CrudRepository");
    static final ClassName TUPLE_WRITER = ClassName.get("io.kvmapper.internal.tuple", "TupleWriter");
    static final ClassName ENTITY_MAPPING = ClassName.get("io.kvmapper.internal.mapping", "EntityMapping");
    static final ClassName ENTITY_OPERATIONS = ClassName.get("io.kvmapper.internal.operations", "EntityOperations");
    static final ClassName RECORD_KEYS = ClassName.get("io.kvmapper.internal.layout", "RecordKeys");
    static final ClassName COMPONENT_RANGES = ClassName.get("io.kvmapper.internal.layout", "ComponentRanges");
    static final ClassName ENTITY_QUERY = ClassName.get("io.kvmapper.internal.operations", "EntityQuery");
    static final ClassName QUERY_SCAN = ClassName.get("io.kvmapper.internal.operations", "QueryScan");
    static final ClassName QUERY_ARGUMENTS = ClassName.get("io.kvmapper.internal.operations", "QueryArguments");
    static final ClassName QUERY_FILTERS = ClassName.get("io.kvmapper.internal.operations", "QueryFilters");
    static final ClassName VALUE_CODEC = ClassName.get("io.kvmapper.internal.codec", "ValueCodec");
    static final ClassName JSON_CODEC = ClassName.get("io.kvmapper.internal.codec", "JsonCodec");
    static final ClassName JSON = ClassName.get("io.kvmapper.internal.codec", "Json");
    static final ClassName JSON_GENERATOR = ClassName.get("tools.jackson.core", "JsonGenerator");
    static final ClassName JSON_PARSER = ClassName.get("tools.jackson.core", "JsonParser");
    static final ClassName JACKSON_EXCEPTION = ClassName.get("tools.jackson.core", "JacksonException");
    static final ClassName TYPE_REFERENCE = ClassName.get("tools.jackson.core.type", "TypeReference");
    static final ClassName OBJECT_MAPPER = ClassName.get("tools.jackson.databind", "ObjectMapper");
    static final ClassName JSON_MAPPER = ClassName.get("tools.jackson.databind.json", "JsonMapper");
    static final ClassName JAVA_TYPE = ClassName.get("tools.jackson.databind", "JavaType");
    static final ClassName DESERIALIZATION_FEATURE = ClassName.get("tools.jackson.databind", "DeserializationFeature");
    static final ClassName SIMPLE_MODULE = ClassName.get("tools.jackson.databind.module", "SimpleModule");
    static final ClassName INJECT = ClassName.get("jakarta.inject", "Inject");
    static final ClassName TUPLE_READER = ClassName.get("io.kvmapper.internal.tuple", "TupleReader");
    static final ClassName INDEX_DEFINITION = ClassName.get("io.kvmapper.internal.mapping", "IndexDefinition");
    static final ClassName COUNTER_DEFINITION = ClassName.get("io.kvmapper.internal.mapping", "CounterDefinition");
    static final ClassName EXPIRY_DEFINITION = ClassName.get("io.kvmapper.internal.mapping", "ExpiryDefinition");
    static final ClassName CHANGE = ClassName.get("io.kvmapper", "Change");
    static final ClassName VERSION_FIELD = ClassName.get("io.kvmapper.internal.mapping", "VersionField");
    static final ClassName COPIES = ClassName.get("io.kvmapper.internal.mapping", "Copies");
    static final ClassName ELEMENTS = ClassName.get("io.kvmapper.internal.codec", "CollectionChanges");
    static final ClassName ATTRIBUTE_CODEC = ClassName.get("io.kvmapper.internal.codec", "AttributeCodec");
    static final ClassName ATTRIBUTE_WRITER = ClassName.get("io.kvmapper.internal.codec", "AttributeWriter");
    static final ClassName ATTRIBUTE_READER = ClassName.get("io.kvmapper.internal.codec", "AttributeReader");
    static final ClassName ATTRIBUTE_FIELD = ClassName.get("io.kvmapper.internal.codec", "AttributeField");
    static final ClassName DUPLICATE_KEY_EXCEPTION = ClassName.get("io.kvmapper", "DuplicateKeyException");
    static final ClassName INTEGRITY_REPORT = ClassName.get("io.kvmapper", "IntegrityReport");
    static final ClassName PROGRESS_LISTENER = ClassName.get("io.kvmapper", "ProgressListener");

    private RuntimeTypes() {
    }
}
