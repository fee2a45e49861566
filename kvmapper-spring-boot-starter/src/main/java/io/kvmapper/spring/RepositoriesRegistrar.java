package io.kvmapper.spring;

import io.kvmapper.CrudRepository;
import io.kvmapper.KvStore;
import java.beans.Introspector;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.ResourceLoaderAware;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * Registers every generated repository found in the application's auto-configuration packages (the package of
 * its {@code @SpringBootApplication} class, and those named by {@code @AutoConfigurationPackage}), as Spring
 * Data finds its repositories. The processor is isolating and writes no index of what it generated, so the
 * classes are found by their naming convention: a {@code <Entity>Repository} or a {@code <Interface>_Impl}
 * class that implements {@link CrudRepository} and has a public constructor taking a {@link KvStore}.
 *
 * <p>A repository is a bean named like its class ({@code userRepository}); an {@code _Impl} is named after its
 * interface ({@code users} for {@code Users_Impl}), and injected where that interface is asked for. A bean
 * definition of the same name that the application already has is left alone.
 */
public class RepositoriesRegistrar implements ImportBeanDefinitionRegistrar, BeanFactoryAware, ResourceLoaderAware,
        EnvironmentAware {
    static final String REPOSITORY_SUFFIX = "Repository";
    static final String IMPLEMENTATION_SUFFIX = "_Impl";

    private BeanFactory beanFactory;
    private ResourceLoader resourceLoader;
    private Environment environment;

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    @Override
    public void setResourceLoader(ResourceLoader resourceLoader) {
        this.resourceLoader = resourceLoader;
    }

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        if (!AutoConfigurationPackages.has(beanFactory)) {
            return;
        }
        for (Class<?> type : find(AutoConfigurationPackages.get(beanFactory), resourceLoader.getClassLoader())) {
            String name = beanName(type);
            if (!registry.containsBeanDefinition(name)) {
                RootBeanDefinition definition = new RootBeanDefinition(type);
                definition.setAutowireMode(AutowireCapableBeanFactory.AUTOWIRE_CONSTRUCTOR);
                registry.registerBeanDefinition(name, definition);
            }
        }
    }

    /** The generated repositories under {@code packages}, in name order. */
    Set<Class<?>> find(List<String> packages, ClassLoader classLoader) {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false,
                environment);
        scanner.setResourceLoader(resourceLoader);
        scanner.addIncludeFilter(new AssignableTypeFilter(CrudRepository.class));
        Set<Class<?>> found = new TreeSet<>((a, b) -> a.getName().compareTo(b.getName()));
        for (String packageName : packages) {
            for (BeanDefinition candidate : scanner.findCandidateComponents(packageName)) {
                String className = candidate.getBeanClassName();
                if (className == null || !(className.endsWith(REPOSITORY_SUFFIX)
                        || className.endsWith(IMPLEMENTATION_SUFFIX))) {
                    continue;
                }
                Class<?> type = ClassUtils.resolveClassName(className, classLoader);
                if (ClassUtils.hasConstructor(type, KvStore.class)) {
                    found.add(type);
                }
            }
        }
        return found;
    }

    /** {@code userRepository} for {@code UserRepository}; {@code users} for {@code Users_Impl}. */
    static String beanName(Class<?> type) {
        String simpleName = type.getSimpleName();
        if (simpleName.endsWith(IMPLEMENTATION_SUFFIX)) {
            simpleName = simpleName.substring(0, simpleName.length() - IMPLEMENTATION_SUFFIX.length());
        }
        return Introspector.decapitalize(simpleName);
    }
}
