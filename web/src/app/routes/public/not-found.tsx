import { Compass } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

export default function NotFoundPage() {
  return (
    <PageContainer className="py-16">
      <EmptyState
        icon={Compass}
        title="Page not found"
        headingLevel={1}
        actions={
          <Button asChild>
            <Link to={paths.home}>Go to the home page</Link>
          </Button>
        }
      >
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      </EmptyState>
    </PageContainer>
  );
}
