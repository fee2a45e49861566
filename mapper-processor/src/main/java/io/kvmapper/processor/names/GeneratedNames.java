package io.kvmapper.processor.names;

import com.palantir.javapoet.ClassName;
import java.util.List;

/**
 * Every name the processor generates, in one place. User-facing types get clean names
 * ({@code UserRepository}); internal helpers get the {@code _Kv} suffix.
 */
public final class GeneratedNames {
    /** The processor's name, written into {@code @Generated}. */
    public static final String PROCESSOR = "io.kvmapper.processor.KvMapperProcessor";

    private GeneratedNames() {
    }

    /** {@code p.User} gives {@code p.UserRepository}; {@code p.Outer.Inner} gives {@code p.Outer_InnerRepository}. */
    public static ClassName repository(ClassName entity) {
        return sibling(entity, "Repository");
    }

    /** The internal mapping: key layout and codec binding. */
    public static ClassName mapping(ClassName entity) {
        return sibling(entity, "_KvMapping");
    }

    /** The internal JSON codec. */
    public static ClassName jsonCodec(ClassName entity) {
        return sibling(entity, "_KvJsonCodec");
    }

    /** The internal codec of the attribute-per-key layout. */
    public static ClassName attributeCodec(ClassName entity) {
        return sibling(entity, "_KvAttributeCodec");
    }

    /** The internal Protobuf codec. */
    public static ClassName protoCodec(ClassName entity) {
        return sibling(entity, "_KvProtoCodec");
    }

    /** The message of a Protobuf entity in its exported {@code .proto} file: {@code User}, {@code Outer_Inner}. */
    public static String protoMessage(ClassName entity) {
        return String.join("_", entity.simpleNames());
    }

    /**
     * The exported {@code .proto} file of a Protobuf entity, relative to the class output (so it lands in
     * the jar): {@code META-INF/kvmapper/com/example/User.proto}.
     */
    public static String protoFile(ClassName entity) {
        String directory = entity.packageName().isEmpty() ? "" : entity.packageName().replace('.', '/') + "/";
        return "META-INF/kvmapper/" + directory + protoMessage(entity) + ".proto";
    }

    /**
     * The schema file of an entity, relative to the schema directory: {@code com/example/User.json},
     * {@code com/example/Outer_Inner.json} for a nested entity.
     */
    public static String schemaFile(ClassName entity) {
        String directory = entity.packageName().isEmpty() ? "" : entity.packageName().replace('.', '/') + "/";
        return directory + String.join("_", entity.simpleNames()) + ".json";
    }

    /** The record of key components nested in a repository of an entity with a composite key. */
    public static ClassName keyRecord(ClassName entity) {
        return repository(entity).nestedClass("Key");
    }

    /** {@code findById}, {@code findByBuildingAndDepartment}, ... */
    public static String finder(List<String> components, boolean between) {
        StringBuilder name = new StringBuilder("findBy");
        for (int i = 0; i < components.size(); i++) {
            if (i > 0) {
                name.append("And");
            }
            name.append(capitalize(components.get(i)));
        }
        return between ? name.append("Between").toString() : name.toString();
    }

    /** The mapping's range of every record of the entity. */
    public static final String ALL_RECORDS = "allRecords";

    /**
     * The mapping's range of records of a prefix or between finder: {@code rangeByShop},
     * {@code rangeByShopAndNumberBetween}, named after the finder it serves.
     */
    public static String recordRange(List<String> components, boolean between) {
        return "range" + finder(components, between).substring("find".length());
    }

    /** {@code name} with its first letter in upper case. */
    public static String capitalize(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static ClassName sibling(ClassName entity, String suffix) {
        return ClassName.get(entity.packageName(), String.join("_", entity.simpleNames()) + suffix);
    }
}
